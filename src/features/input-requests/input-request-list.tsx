import type { InputRequests, InputResponse } from '../../protocol/types.ts';
import { InputRequestCard } from './input-request-card.tsx';

export interface InputRequestListProps {
  inputRequests: InputRequests;
  answers: Record<string, InputResponse | undefined>;
  serverName?: string;
  savedRoots?: { uri: string; name?: string }[];
  onAnswer: (key: string, response: InputResponse | undefined) => void;
}

/** All input requests of one round, answered together before the retry. */
export function InputRequestList({ inputRequests, answers, serverName, savedRoots, onAnswer }: InputRequestListProps) {
  const keys = Object.keys(inputRequests);
  const answered = keys.filter((k) => answers[k] !== undefined).length;
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-sm font-medium text-slate-700">
        {answered} of {keys.length} answered
      </p>
      {keys.map((key) => {
        const request = inputRequests[key];
        if (request === undefined) return null;
        return (
          <InputRequestCard
            key={key}
            requestKey={key}
            request={request}
            answer={answers[key]}
            serverName={serverName}
            savedRoots={savedRoots}
            onAnswer={(response) => onAnswer(key, response)}
          />
        );
      })}
    </div>
  );
}
