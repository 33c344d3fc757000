import { HoldSwitches } from './hold-switches.tsx';
import { timeOfDay } from '../../lib/text.ts';
import { redactArgs } from '../../session/io/redact.ts';
import type { HeldStage, ProxyInfo, TapInfo } from '../../protocol/proxy-wire.ts';

/** A line of a tapped server's log, as the page keeps it. */
export interface TapLogEntry {
  at: number;
  line: string;
  stream: 'stderr' | 'stdout' | 'stdin';
}

export interface TapEntryProps {
  tap: ProxyInfo & { tap: TapInfo };
  log: readonly TapLogEntry[];
  counts: string;
  onHold: (proxyId: string, stage: HeldStage, on: boolean) => void;
}

/** The command line a tap launched, as the page shows it: secret-named flags' values masked. */
function tapCommandLine(tap: TapInfo): string {
  return redactArgs(tap.command).join(' ');
}

function ended(tap: TapInfo): string | undefined {
  const exit = tap.exited;
  if (!exit) return undefined;
  return exit.signal ? `exited (signal ${exit.signal})` : `exited (code ${String(exit.code)})`;
}

const STREAM_NOTE: Record<TapLogEntry['stream'], string> = {
  stderr: '',
  stdout: ' (stdout, not JSON-RPC)',
  stdin: ' (from the host, not JSON-RPC)',
};

/**
 * One stdio tap in Watched clients: the server command it launched, the host that launched it, its hold switches and
 * the server's log (stderr), each line with the time it came. Everything shown is the server's or host's text, as text.
 */
export function TapEntry({ tap, log, counts, onHold }: TapEntryProps) {
  const command = tapCommandLine(tap.tap);
  const name = tap.tap.name ?? command;
  const end = ended(tap.tap);
  return (
    <li aria-label={`tap of ${name}`} className="rounded border border-slate-200 p-2">
      <p className="text-xs">
        tap <code className="break-all">{command}</code>
        {end && <span className="text-slate-600"> · {end}</span>}
      </p>
      <p className="text-xs text-slate-600">
        host {tap.tap.host ? <span>{tap.tap.host}</span> : <span>(not named yet)</span>} · {counts}
      </p>
      <div className="mt-1 flex flex-wrap gap-3">
        <HoldSwitches id={tap.id} holdRequests={tap.holdRequests} holdResponses={tap.holdResponses} onHold={onHold} />
      </div>
      <h3 className="mt-2 text-xs font-semibold">Server log</h3>
      <ol
        aria-label={`server log of ${name}`}
        tabIndex={0}
        className="mt-1 max-h-48 overflow-auto rounded bg-slate-900 p-2 font-mono text-xs text-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        {log.length === 0 && <li>(nothing on stderr yet)</li>}
        {log.map((l, i) => (
          <li key={`${l.at}-${i}`} className="whitespace-pre-wrap break-all">
            <time className="text-slate-400">{timeOfDay(l.at)}</time> {l.line}
            {STREAM_NOTE[l.stream]}
          </li>
        ))}
      </ol>
    </li>
  );
}
