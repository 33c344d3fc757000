import type { DiffRange } from '../../protocol/request-state/byte-diff.ts';
import { diffSummary } from '../../protocol/request-state/byte-diff.ts';
import { plural } from '../../lib/text.ts';
import { formatOffset } from './hex-offset.ts';

export interface DiffSummaryProps {
  original: string | null;
  value: string | null;
  /** Positional byte diff of original -> value (both as UTF-8). */
  ranges: readonly DiffRange[];
  valueByteLength: number;
  /** Show this byte offset in the hex grid. */
  onJump: (offset: number) => void;
  /** How many ranges to list (the counts always cover all of them). */
  maxListed?: number;
}

/** Counts and the first changed byte ranges between the server's requestState and the one to send. */
export function DiffSummary({ original, value, ranges, valueByteLength, onJump, maxListed = 8 }: DiffSummaryProps) {
  let headline: string;
  if (value === null) headline = 'requestState dropped: the retry will omit the field.';
  else if (original === null)
    headline = `No requestState came from the server: this one (${plural(valueByteLength, 'byte')}) is invented.`;
  else {
    const s = diffSummary(ranges);
    headline =
      `${plural(s.changedBytes, 'byte')} changed, ${s.addedBytes} added, ${s.removedBytes} removed ` +
      `in ${plural(s.rangeCount, 'range')}.`;
  }
  const listed = original !== null && value !== null ? ranges.slice(0, maxListed) : [];
  return (
    <section aria-label="Diff against original" className="rounded border border-amber-400 bg-amber-50 p-2 text-sm">
      <p>
        <span className="font-semibold">Diff against original: </span>
        {headline}
      </p>
      {listed.length > 0 && (
        <ul className="mt-1 flex flex-wrap gap-1">
          {listed.map((r) => (
            <li key={`${r.kind}-${r.start}`}>
              <button
                type="button"
                className="rounded border border-amber-500 px-1 font-mono text-xs hover:bg-amber-100 focus:outline-2"
                onClick={() => onJump(r.kind === 'removed' ? Math.max(0, valueByteLength - 1) : r.start)}
              >
                <span className="sr-only">Show </span>
                {r.kind} {formatOffset(r.start)}–{formatOffset(r.end - 1)} ({plural(r.end - r.start, 'byte')})
              </button>
            </li>
          ))}
          {ranges.length > listed.length && <li>…and {ranges.length - listed.length} more</li>}
        </ul>
      )}
    </section>
  );
}
