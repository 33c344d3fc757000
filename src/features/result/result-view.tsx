import type { Finding } from '../../protocol/doctor.ts';
import { EraPitfallNotice } from './era-pitfall.tsx';
import type { Outcome } from '../../protocol/classify.ts';
import { ERROR_MEANINGS } from '../../protocol/classify.ts';
import type { JsonObject } from '../../protocol/types.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { JsonText } from '../../components/ui/json-text.tsx';
import { asArray, ContentBlock, metaNotes, PromptMessages, ResourceContents } from './content-parts.tsx';
import { VersionMismatch, type VersionMismatchProps } from './version-mismatch.tsx';
import { MissingCapabilityRecovery, type MissingCapabilityProps } from './missing-capability.tsx';
import { HeaderMismatchNotice, type HeaderMismatchProps } from './header-mismatch.tsx';
import { ServerLogSays } from './server-log-says.tsx';
import { RejectedStateNotice, type RejectedStateNoticeProps } from './rejected-state-notice.tsx';

function ServerNotes({ result }: { result: JsonObject }) {
  const notes = metaNotes(result);
  if (notes.length === 0) return null;
  return (
    <div className="text-xs text-slate-700">
      <p className="font-semibold">Server notes in _meta (informational; clients must not depend on them):</p>
      <ul className="ml-4 list-disc">
        {notes.map(([key, value]) => (
          <li key={key}>
            <span className="font-mono">{key}</span>: {value}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Complete({
  result,
  method,
  resultTypeMissing,
}: {
  result: JsonObject;
  method: string;
  resultTypeMissing: boolean;
}) {
  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        {result.isError === true ? (
          <Badge tone="bad">isError: the tool reports a failure</Badge>
        ) : (
          <Badge tone="good">complete</Badge>
        )}
        {resultTypeMissing && <Badge tone="warn">no resultType: treated as complete</Badge>}
      </div>
      {method === 'tools/call' && asArray(result.content).map((b, i) => <ContentBlock key={i} block={b} />)}
      {method === 'prompts/get' && (
        <>
          {typeof result.description === 'string' && (
            <p className="text-sm text-slate-700">
              <span className="font-medium">Description:</span> {result.description}
            </p>
          )}
          <PromptMessages messages={asArray(result.messages)} />
        </>
      )}
      {method === 'resources/read' && <ResourceContents contents={asArray(result.contents)} />}
      {result.structuredContent !== undefined && (
        <JsonText value={result.structuredContent} label="structured content" />
      )}
    </div>
  );
}

/** Where a request a 2025-11-25 server pushed stands: its answer is a JSON-RPC response, never a retry. */
function PushedStatus({
  pushed,
  keys,
  all,
  watched,
}: {
  pushed: NonNullable<ResultViewProps['pushed']>;
  keys: string[];
  all: boolean | undefined;
  watched: boolean | undefined;
}) {
  if (pushed.answered && pushed.undelivered !== undefined) {
    return (
      <p role="status" className="text-sm text-slate-700">
        <Badge tone="bad">not delivered</Badge> The response did not reach the server ({pushed.undelivered}).
        {watched
          ? ' The server still waits for it.'
          : ' The server still waits for it: fix the response and send it again.'}
      </p>
    );
  }
  if (pushed.answered) {
    return (
      <p role="status" className="text-sm text-slate-700">
        <Badge tone="good">answered</Badge> The response went out
        {pushed.ack !== undefined ? ` (the server acknowledged it with HTTP ${pushed.ack})` : ''}.
        {pushed.onSession
          ? ' The server asked on its session, outside any call: nothing more comes for this request.'
          : ' The call waits on its stream for what the server says next.'}
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-600">
      {watched
        ? `The server asked the client (${keys.join(', ')}): the client answers it by itself.`
        : all
          ? 'Answered: review the response below and Send response.'
          : `The server asks (${keys.join(', ')}): answer it, then Send response.`}
    </p>
  );
}

export interface ResultViewProps {
  outcome: Outcome | undefined;
  method: string;
  /** set when the outcome is a -32022 (unsupported protocol version): what the server supports, and a resend */
  versionMismatch?: VersionMismatchProps;
  /** a -32021 on the last leg: resend declaring what the server needs */
  missingCapability?: MissingCapabilityProps;
  /** a -32020 on the last leg: the header it names, and (tools/call) refresh tools/list and resend once */
  headerMismatch?: HeaderMismatchProps;
  /** the draft that answers this outcome has every input request answered: the next step is sending it */
  allAnswered?: boolean;
  /** set when the outcome is an error and the requestState sent was edited or already expired */
  rejectedState?: RejectedStateNoticeProps;
  /** the connection doctor recognised the dual-era bug in this error (2025-11-25 session) */
  eraPitfall?: Finding;
  /**
   * 2025-11-25: the last leg is a request the server pushed, answered by a JSON-RPC response (sent with "Send
   * response", not a retry); `ack` is the server's HTTP status for the response once it went out
   */
  /** `undelivered`: why the posted answer did not reach the server (absent: it did, or none was posted) */
  pushed?: { answered: boolean; ack?: number; onSession: boolean; undelivered?: string };
  /** a watched client's conversation: the client answers and retries by itself, the page only shows it */
  watched?: boolean;
  /** the line of the server's own log that says why it refused the state (a stdio server's stderr) */
  serverLog?: { at: number; line: string };
}

/** The final outcome of a conversation: content, prompt messages, resource contents, or the error. */
export function ResultView({
  outcome,
  method,
  versionMismatch,
  missingCapability,
  headerMismatch,
  allAnswered,
  rejectedState,
  eraPitfall,
  pushed,
  watched,
  serverLog,
}: ResultViewProps) {
  if (!outcome) return <p className="text-sm text-slate-500">No result yet.</p>;
  switch (outcome.kind) {
    case 'complete':
      return <Complete result={outcome.result} method={method} resultTypeMissing={outcome.resultTypeMissing} />;
    case 'error':
      return (
        <div className="space-y-2">
          <p className="text-sm font-semibold text-red-800">
            Error {outcome.error.code}: {outcome.error.message}
          </p>
          {ERROR_MEANINGS[outcome.error.code] && (
            <p className="text-xs text-slate-600">{ERROR_MEANINGS[outcome.error.code]}</p>
          )}
          {serverLog && <ServerLogSays line={serverLog} />}
          {eraPitfall && <EraPitfallNotice finding={eraPitfall} />}
          {rejectedState && <RejectedStateNotice {...rejectedState} />}
          {versionMismatch && <VersionMismatch {...versionMismatch} />}
          {missingCapability && <MissingCapabilityRecovery {...missingCapability} />}
          {headerMismatch && <HeaderMismatchNotice {...headerMismatch} />}
          {outcome.error.data !== undefined && <JsonText value={outcome.error.data} label="error data" />}
        </div>
      );
    case 'invalid':
      return (
        <p className="text-sm text-red-800">
          <strong>Invalid response:</strong> {outcome.reason}
        </p>
      );
    case 'transport':
      return (
        <p className="text-sm text-red-800">
          <strong>No response:</strong> {outcome.reason}
        </p>
      );
    case 'input_required':
      if (outcome.stateOnly) {
        return (
          <div role="status" className="space-y-2 rounded border border-sky-200 bg-sky-50 p-2 text-sm text-sky-950">
            <p>
              <Badge tone="info">still waiting</Badge> The server is not done yet: it answered with only a requestState
              and no questions (for example a URL flow not finished, or a slow job).{' '}
              {watched ? 'The client retries by itself when ready.' : 'Retry when ready; the state is echoed as given.'}
            </p>
            <ServerNotes result={outcome.result} />
          </div>
        );
      }
      if (pushed)
        return (
          <PushedStatus
            pushed={pushed}
            keys={Object.keys(outcome.inputRequests ?? {})}
            all={allAnswered}
            watched={watched}
          />
        );
      return (
        <div className="space-y-2">
          <p className="text-sm text-slate-600">
            {watched
              ? `The server asked the client for input (${Object.keys(outcome.inputRequests ?? {}).join(', ')}): the client answers and retries by itself.`
              : allAnswered
                ? 'All questions answered: review the request below and Send retry.'
                : `The server needs input (${Object.keys(outcome.inputRequests ?? {}).join(', ')}): answer it and send the retry.`}
          </p>
          <ServerNotes result={outcome.result} />
        </div>
      );
    case 'task':
      return (
        <p role="status" className="text-sm text-slate-700">
          <Badge tone={outcome.task.status === 'cancelled' ? 'warn' : 'info'}>task {outcome.task.status}</Badge>{' '}
          {outcome.task.status === 'cancelled'
            ? 'The task was cancelled: it has no result.'
            : outcome.task.status === 'input_required'
              ? watched
                ? "The task waits for the client's answer: the client answers its requests by itself."
                : 'The task waits for your answer: answer its requests below and send them (Send update; on 2025-11-25, Send response).'
              : `The task is still working${outcome.task.statusMessage ? `: ${outcome.task.statusMessage}` : ''}. ${watched ? 'The client polls it for the result.' : 'Poll it for the result.'}`}
        </p>
      );
  }
}
