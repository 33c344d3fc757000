import { useRef } from 'react';
import { ownValue } from '../../protocol/own-keys.ts';
import { buttonNamed, moveFocusWhenReady, regionNamed } from '../../lib/move-focus.ts';
import type { InputRequests, InputResponse } from '../../protocol/types.ts';
import { InputRequestCard } from './input-request-card.tsx';

export interface InputRequestListProps {
  inputRequests: InputRequests;
  answers: Record<string, InputResponse | undefined>;
  serverName?: string;
  serverOrigin?: string;
  savedRoots?: { uri: string; name?: string }[];
  /**
   * record an answer; `send`: the user pressed "Accept and send". Resolves true when the leg went out at once (the
   * round was complete and nothing held it)
   */
  onAnswer: (key: string, response: InputResponse | undefined, send?: boolean) => Promise<boolean> | void;
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
export function InputRequestList({
  inputRequests,
  answers,
  serverName,
  serverOrigin,
  savedRoots,
  onAnswer,
}: InputRequestListProps) {
  const keys = Object.keys(inputRequests);
  const answered = keys.filter((k) => ownValue(answers, k) !== undefined).length;
  const listRef = useRef<HTMLDivElement>(null);
  const group = (key: string) =>
    [...(listRef.current?.querySelectorAll<HTMLElement>('[data-input-request]') ?? [])].find(
      (el) => el.dataset.inputRequest === key,
    );
  const answer = (key: string, response: InputResponse | undefined, send?: boolean) => {
    const sent = send ? onAnswer(key, response, true) : onAnswer(key, response);
    if (response === undefined) {
      // "Change answer" removes the button it was pressed on: keep focus on this request, once the form is back.
      // A control that stays (sampling's Decline) keeps focus: nothing moves unless focus was lost.
      setTimeout(() => moveFocusWhenReady(() => group(key), { settleMs: 0 }), 0);
      return;
    }
    const next = nextUnanswered(keys, answers, key);
    if (next !== undefined) {
      moveFocusWhenReady(() => group(next), { from: listRef.current });
      return;
    }
    const from = listRef.current;
    // the round is complete: it went out at once (the store's focus intent then follows the answer), or it waits
    // for Send retry
    void Promise.resolve(sent).then((wentOut) => {
      if (!wentOut) moveFocusWhenReady(() => buttonNamed(regionNamed('Next request'), 'Send retry'), { from });
    });
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
            serverOrigin={serverOrigin}
            savedRoots={savedRoots}
            offerSend={ownValue(answers, key) === undefined && nextUnanswered(keys, answers, key) === undefined}
            onAnswer={(response, send) => answer(key, response, send)}
          />
        );
      })}
    </div>
  );
}
