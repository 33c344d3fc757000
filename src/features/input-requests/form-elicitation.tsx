import { Suspense, useId, useMemo } from 'react';
import { preloadableLazy } from '../../components/ui/preloadable-lazy.tsx';
import { Button } from '../../components/ui/button.tsx';
import { elicitAccept, elicitCancel, elicitDecline } from '../../protocol/elicitation/answers.ts';
import { checkRestrictedSchema } from '../../protocol/elicitation/restricted-schema.ts';
import type { SchemaProblem } from '../../protocol/elicitation/restricted-schema.ts';
import { isJsonObject, type InputResponse, type JsonObject } from '../../protocol/types.ts';
import { RawAnswerEditor } from './raw-answer-editor.tsx';

const elicitForm = preloadableLazy(() => import('./rjsf-elicit-form.tsx'));
const ElicitForm = elicitForm.Component;

/** Loads the rjsf form's chunk ahead of the first question; once here, forms render without suspending. */
export const preloadElicitForm: () => Promise<void> = elicitForm.preload;

export interface FormElicitationProps {
  params: JsonObject | undefined;
  /** The answer this request had before "Change answer", to start the form from. */
  previous?: InputResponse;
  onAnswer: (response: InputResponse, send?: boolean) => void;
  /** offer "Accept and send": this is the last unanswered request of the round */
  offerSend?: boolean;
}

function SchemaWarning({ problems }: { problems: SchemaProblem[] }) {
  return (
    <div role="alert" className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
      <p className="font-medium">
        Server-side protocol warning: requestedSchema is outside the restricted elicitation subset, so no form is
        rendered. Answer with raw JSON instead.
      </p>
      <ul className="ml-4 list-disc font-mono text-xs">
        {problems.map((p, i) => (
          <li key={i}>
            {p.path || '(root)'}: {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Form-mode elicitation: the server's message, then an rjsf form (or a raw editor when the schema is not restricted). */
export function FormElicitation({ params, previous, onAnswer, offerSend }: FormElicitationProps) {
  const schema = params?.requestedSchema;
  const report = useMemo(() => checkRestrictedSchema(schema), [schema]);
  const idPrefix = 'elicit' + useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const message = typeof params?.message === 'string' ? params.message : undefined;
  const previousContent =
    previous?.action === 'accept' && isJsonObject(previous.content) ? (previous.content as JsonObject) : undefined;

  return (
    <div className="flex flex-col gap-3">
      {message !== undefined ? (
        <p className="whitespace-pre-wrap text-sm text-slate-900">{message}</p>
      ) : (
        <p className="text-sm text-amber-800">Server-side protocol warning: the request has no message.</p>
      )}
      {report.ok && isJsonObject(schema) ? (
        <Suspense fallback={<p className="text-sm text-slate-600">Loading form…</p>}>
          <ElicitForm
            requestedSchema={schema as JsonObject}
            initialContent={previousContent}
            idPrefix={idPrefix}
            offerSend={offerSend}
            onAccept={(content, _valid, send) =>
              send ? onAnswer(elicitAccept(content), true) : onAnswer(elicitAccept(content))
            }
            onDecline={() => onAnswer(elicitDecline())}
            onCancel={() => onAnswer(elicitCancel())}
          />
        </Suspense>
      ) : (
        <>
          <SchemaWarning problems={report.problems} />
          <RawAnswerEditor
            initial={JSON.stringify(previous ?? { action: 'accept', content: {} }, null, 2)}
            onSet={onAnswer}
          />
          <div className="flex gap-2">
            <Button onClick={() => onAnswer(elicitDecline())}>Decline</Button>
            <Button onClick={() => onAnswer(elicitCancel())}>Cancel</Button>
          </div>
        </>
      )}
    </div>
  );
}
