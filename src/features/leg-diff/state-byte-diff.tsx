import { diffKindAt } from '../../protocol/request-state/byte-diff.ts';
import { toBytes } from '../../protocol/request-state/bytes.ts';
import { hexRowsSlice } from '../../protocol/request-state/hex-rows.ts';
import type { StateDiff } from '../../session/timeline/leg-diff.ts';

const WIDTH = 16;
const MAX_ROWS = 8;

function describe(d: StateDiff): string {
  if (d.before === undefined && d.after === undefined) return 'absent on both legs';
  if (d.before === undefined) return `absent on the base leg; ${toBytes(d.after ?? '').length} bytes on this leg`;
  if (d.after === undefined) return `${toBytes(d.before).length} bytes on the base leg; absent on this leg`;
  if (!d.changed) return `identical (${toBytes(d.after).length} bytes)`;
  const s = d.summary;
  return `${s.changedBytes} byte${s.changedBytes === 1 ? '' : 's'} changed, ${s.addedBytes} added, ${s.removedBytes} removed (${s.rangeCount} range${s.rangeCount === 1 ? '' : 's'})`;
}

/** Rows of this leg's token that hold a difference, bytes that differ marked. */
function ChangedRows({ d }: { d: StateDiff }) {
  const bytes = toBytes(d.after ?? '');
  const rows = new Set<number>();
  for (const r of d.ranges) {
    if (r.kind === 'removed') continue;
    for (let row = Math.floor(r.start / WIDTH); row <= Math.floor((r.end - 1) / WIDTH) && rows.size < MAX_ROWS; row++) {
      rows.add(row);
    }
    if (rows.size >= MAX_ROWS) break;
  }
  if (rows.size === 0) return null;
  return (
    <table aria-label={`${d.label} changed bytes`} className="font-mono text-xs">
      <tbody>
        {[...rows].map((rowIndex) => {
          const row = hexRowsSlice(bytes, rowIndex, 1, WIDTH)[0];
          if (!row) return null;
          return (
            <tr key={rowIndex}>
              <th scope="row" className="pr-2 text-right font-normal text-slate-500">
                {row.offset.toString(16).padStart(6, '0')}
              </th>
              <td className="pr-3">
                {row.hex.map((h, i) =>
                  diffKindAt(d.ranges, row.offset + i) ? (
                    <mark key={i} className="bg-amber-200 px-px">
                      {h}
                    </mark>
                  ) : (
                    <span key={i} className="px-px">
                      {h}
                    </span>
                  ),
                )}
              </td>
              <td>{row.ascii}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Byte-level comparison of one requestState (sent or received) between the two legs. */
export function StateByteDiff({ diff }: { diff: StateDiff }) {
  return (
    <div className="space-y-1 rounded border border-slate-200 p-2" role="group" aria-label={diff.label}>
      <p className="text-xs">
        <span className="font-semibold">{diff.label}:</span> {describe(diff)}
      </p>
      {diff.changed && diff.before !== undefined && diff.after !== undefined && <ChangedRows d={diff} />}
    </div>
  );
}
