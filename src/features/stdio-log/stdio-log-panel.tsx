import type { StdioServerLog } from '../../client/fetch-stdio-log.ts';

export interface StdioLogPanelProps {
  servers: StdioServerLog[];
  /** why the log could not be read, if it could not */
  error?: string;
}

function state(s: StdioServerLog): string {
  if (s.running) return 'running';
  if (s.stdinClosed && s.exitCode === undefined && !s.signal) return 'not reachable: it closed its stdin';
  return s.signal ? `exited (signal ${s.signal})` : `exited (code ${String(s.exitCode)})`;
}

/** The stderr of each stdio server the command line started; text from the server is shown as text only. */
export function StdioLogPanel({ servers, error }: StdioLogPanelProps) {
  return (
    <section aria-label="stdio servers" className="mb-4 rounded border border-slate-200 bg-white p-3 text-sm">
      <h2 className="mb-2 font-semibold">stdio servers</h2>
      {error && (
        <p role="alert" className="text-red-700">
          Could not read the stdio log: {error}. Is the command line (mrtr-inspector --stdio) still running?
        </p>
      )}
      {servers.map((s) => (
        <div key={s.url} className="mb-2">
          <p>
            <code className="break-all">{s.command}</code> <span className="text-slate-600">· {state(s)}</span>
          </p>
          <p className="text-xs text-slate-600">
            endpoint <code className="break-all">{s.url}</code> (through the relay)
          </p>
          <pre
            aria-label={`stderr of ${s.command}`}
            className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap rounded bg-slate-900 p-2 text-xs text-slate-100"
          >
            {s.droppedChars > 0 ? `… ${s.droppedChars} earlier characters dropped …\n` : ''}
            {s.stderr || '(nothing on stderr yet)'}
          </pre>
          <NotificationList server={s} />
        </div>
      ))}
    </section>
  );
}

/** What the server notified (progress, logging, list changes): carried on a call's SSE stream, or with none in flight. */
function NotificationList({ server }: { server: StdioServerLog }) {
  const notes = server.notifications;
  if (!notes.length) return null;
  return (
    <>
      <h3 className="mt-2 text-xs font-semibold">Notifications ({notes.length})</h3>
      <ol
        aria-label={`notifications of ${server.command}`}
        tabIndex={0}
        className="mt-1 max-h-40 space-y-0.5 overflow-auto rounded border border-slate-200 p-1 font-mono text-xs focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        {notes.map((n, i) => (
          <li key={`${n.at}-${i}`} className="break-all">
            <span className="font-semibold">{n.method}</span>{' '}
            <span className="text-slate-600">
              {n.delivered > 0
                ? `(on the SSE stream of ${n.delivered === 1 ? 'the call' : `${n.delivered} calls`} in flight)`
                : '(no call in flight: shown here only)'}
            </span>{' '}
            {n.message}
          </li>
        ))}
      </ol>
    </>
  );
}
