import { useRef } from 'react';
import { ownValue } from '../../protocol/own-keys.ts';
import { buttonNamed, moveFocusWhenReady, regionNamed } from '../../lib/move-focus.ts';
import type { InputRequests, InputResponse } from '../../protocol/types.ts';
import { InputRequestCard } from './input-request-card.tsx';

export interface InputRequestListProps {
  inputRequests: InputRequests;
  answers: Record<string, InputResponse | undefined>;
  serverName?: string;
  savedRoots?: { uri: string; name?: string }[];
  onAnswer: (key: string, response: InputResponse | undefined) => void;
}

/** The request to answer after `key`: the next unanswered one in order, else the first unanswered before it. */
export function nextUnanswered(
  keys: string[],
  answers: Record<string, InputResponse | undefined>,
  key: string,
): string | undefined {
  const i = keys.indexOf(key);
  const order = [...keys.slice(i + 1), ...keys.slice(0, Math.max(i, 0))];
  return order.find((k) => k !== key && ownValue(answers, k) === undefined);
}

/**
 * All input requests of one round, answered together before the retry. Answering one moves focus to the next
 * unanswered request, else to the composer's "Send retry"; "Change answer" keeps focus on its request.
 */
export function InputRequestList({ inputRequests, answers, serverName, savedRoots, onAnswer }: InputRequestListProps) {
  const keys = Object.keys(inputRequests);
  const answered = keys.filter((k) => ownValue(answers, k) !== undefined).length;
  const listRef = useRef<HTMLDivElement>(null);
  const group = (key: string) =>
    [...(listRef.current?.querySelectorAll<HTMLElement>('[data-input-request]') ?? [])].find(
      (el) => el.dataset.inputRequest === key,
    );
  const answer = (key: string, response: InputResponse | undefined) => {
    onAnswer(key, response);
    if (response === undefined) {
      // "Change answer" removes the button it was pressed on: keep focus on this request, once the form is back.
      // A control that stays (sampling's Decline) keeps focus: nothing moves unless focus was lost.
      setTimeout(() => moveFocusWhenReady(() => group(key), { settleMs: 0 }), 0);
      return;
    }
    const next = nextUnanswered(keys, answers, key);
    moveFocusWhenReady(
      next !== undefined ? () => group(next) : () => buttonNamed(regionNamed('Next request'), 'Send retry'),
      { from: listRef.current },
    );
  };
  return (
    <div ref={listRef} className="flex flex-col gap-3">
      <p role="status" className="text-sm font-medium text-slate-700">
        {answered} of {keys.length} answered
      </p>
      {keys.map((key) => {
        const request = ownValue(inputRequests, key);
        if (request === undefined) return null;
        return (
          <InputRequestCard
            key={key}
            requestKey={key}
            request={request}
            answer={ownValue(answers, key)}
            serverName={serverName}
            savedRoots={savedRoots}
            onAnswer={(response) => answer(key, response)}
          />
        );
      })}
    </div>
  );
}
