import { useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { classifyInputRequest } from '../../protocol/elicitation/answers.ts';
import type { InputRequestKind } from '../../protocol/elicitation/answers.ts';
import type { InputRequest, InputResponse } from '../../protocol/types.ts';
import { AnswerSummary } from './answer-summary.tsx';
import { FormElicitation } from './form-elicitation.tsx';
import { RootsRequest } from './roots-request.tsx';
import { SamplingRequest } from './sampling-request.tsx';
import { UnknownRequest } from './unknown-request.tsx';
import { UrlElicitation } from './url-elicitation.tsx';

export interface InputRequestCardProps {
  requestKey: string;
  request: InputRequest;
  answer: InputResponse | undefined;
  serverName?: string;
  /** the origin of the server's URL (scheme://host:port), shown with its name on every card */
  serverOrigin?: string;
  savedRoots?: { uri: string; name?: string }[];
  /** offer "Accept and send" (the last unanswered request of the round) */
  offerSend?: boolean;
  onAnswer: (response: InputResponse | undefined, send?: boolean) => void;
}

const KIND_LABELS: Record<InputRequestKind, string> = {
  'elicit-form': 'Elicitation (form)',
  'elicit-url': 'Elicitation (URL)',
  sampling: 'Sampling',
  roots: 'Roots',
  unknown: 'Unknown method',
};

/** One embedded input request of an `input_required` round, with the UI to answer it. */
export function InputRequestCard({
  requestKey,
  request,
  answer,
  serverName,
  serverOrigin,
  savedRoots,
  offerSend,
  onAnswer,
}: InputRequestCardProps) {
  const kind = classifyInputRequest(request);
  const [urlOpened, setUrlOpened] = useState(false);
  // The last answer, so "Change answer" reopens the form with what was sent rather than the defaults.
  const [previous, setPrevious] = useState<InputResponse | undefined>(answer);
  if (answer !== undefined && answer !== previous) setPrevious(answer);

  let body;
  if (answer !== undefined) {
    body = <AnswerSummary answer={answer} onChange={() => onAnswer(undefined)} />;
  } else if (kind === 'elicit-form') {
    body = (
      <FormElicitation
        params={request.params}
        previous={previous}
        onAnswer={onAnswer}
        {...(offerSend ? { offerSend } : {})}
      />
    );
  } else if (kind === 'elicit-url') {
    body = (
      <UrlElicitation
        params={request.params}
        serverName={serverName}
        opened={urlOpened}
        onOpened={() => setUrlOpened(true)}
        onAnswer={onAnswer}
      />
    );
  } else if (kind === 'sampling') {
    body = <SamplingRequest params={request.params} onAnswer={onAnswer} />;
  } else if (kind === 'roots') {
    body = <RootsRequest savedRoots={savedRoots} onAnswer={onAnswer} />;
  } else {
    body = <UnknownRequest request={request} onAnswer={onAnswer} />;
  }

  return (
    <section
      role="group"
      aria-label={requestKey}
      // focus moves here from script (the next request to answer), never by Tab
      tabIndex={-1}
      data-input-request={requestKey}
      data-answered={answer !== undefined}
      className="rounded-lg border border-slate-200 bg-white shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      <header className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-3 py-2">
        <h3 className="font-mono text-sm font-semibold text-slate-900">{requestKey}</h3>
        <Badge tone="info" title={request.method}>
          {KIND_LABELS[kind]}
        </Badge>
        <Badge tone={answer !== undefined ? 'good' : 'warn'}>{answer !== undefined ? 'answered' : 'unanswered'}</Badge>
        {kind !== 'elicit-url' && (serverName || serverOrigin) && (
          // the spec asks clients to make clear which server is asking: name and origin, as plain text
          <p className="basis-full text-xs text-slate-600">
            Asked by <span className="font-semibold text-slate-800">{serverName ?? 'an unnamed server'}</span>
            {serverOrigin && (
              <>
                {' '}
                at <span className="font-mono">{serverOrigin}</span>
              </>
            )}
          </p>
        )}
      </header>
      <div className="p-3">{body}</div>
    </section>
  );
}
