import type { StdioServerLog } from '../../client/stdio-log.ts';

export interface StdioLogPanelProps {
  servers: StdioServerLog[];
  /** why the log could not be read, if it could not */
  error?: string;
}

function state(s: StdioServerLog): string {
  if (s.running) return 'running';
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
        </div>
      ))}
    </section>
  );
}
