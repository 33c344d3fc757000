import { Button } from '../../components/ui/button.tsx';
import { JsonText } from '../../components/ui/json-text.tsx';
import type { InputRequest, InputResponse } from '../../protocol/types.ts';
import { RawAnswerEditor } from './raw-answer-editor.tsx';

/** A method this inspector has no UI for: show it verbatim and let the user answer with any JSON object. */
export function UnknownRequest({
  request,
  onAnswer,
}: {
  request: InputRequest;
  onAnswer: (response: InputResponse) => void;
}) {
  if (request.method === 'ping') {
    return (
      <div className="flex flex-col gap-3 text-sm">
        <p className="text-slate-700">
          The server checks that the client is still there (<code className="font-mono">ping</code>, pushed on a
          2025-11-25 session). The answer is an empty result.
        </p>
        <Button className="self-start" onClick={() => onAnswer({})}>
          Answer ping
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p className="text-slate-700">
        Unrecognised input request method <code className="font-mono">{request.method}</code>: the inspector cannot
        build an answer for it, but you can write one.
      </p>
      <JsonText value={request.params ?? null} label="Request params JSON" className="max-h-60" />
      <RawAnswerEditor onSet={onAnswer} />
    </div>
  );
}
