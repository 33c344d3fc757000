import type { LegDiff } from '../../session/timeline/leg-diff.ts';
import { StateByteDiff } from './state-byte-diff.tsx';
import { TextDiffView } from './text-diff.tsx';

export interface DiffBaseOption {
  legId: string;
  label: string;
}

/** This leg against a base leg: which parts changed, line diffs, and the requestState bytes. */
export function LegDiffView({
  diff,
  baseLegId,
  options,
  onBase,
  pinned,
  onPin,
}: {
  /** null when there is no base to compare with (the first leg, nothing pinned) */
  diff: LegDiff | null;
  baseLegId: string | null;
  options: DiffBaseOption[];
  onBase: (legId: string) => void;
  /** true when the inspected leg is the pinned base */
  pinned: boolean;
  onPin: () => void;
}) {
  const changed = diff ? diff.sections.filter((s) => s.changed).map((s) => s.label) : [];
  if (diff?.requestState.sent.changed) changed.push('requestState sent');
  if (diff?.requestState.received.changed) changed.push('requestState received');
  return (
    <div className="space-y-2" role="group" aria-label="Leg diff">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <label className="flex items-center gap-1">
          Compare with
          <select
            value={baseLegId ?? ''}
            onChange={(e) => onBase(e.target.value)}
            className="rounded border border-slate-300 px-1 py-0.5"
          >
            {baseLegId === null && <option value="">(no other leg)</option>}
            {options.map((o) => (
              <option key={o.legId} value={o.legId}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          aria-pressed={pinned}
          onClick={onPin}
          className="rounded border border-slate-300 px-2 py-0.5"
        >
          {pinned ? 'Pinned as diff base' : 'Pin this leg as diff base'}
        </button>
      </div>
      {!diff ? (
        <p className="text-sm text-slate-500">
          This is the first leg of its conversation. Pin it, then select any other leg to compare the two.
        </p>
      ) : (
        <>
          <p className="text-xs text-slate-700">
            {changed.length ? `Changed: ${changed.join(', ')}.` : 'The two legs are identical in every part compared.'}
          </p>
          <StateByteDiff diff={diff.requestState.sent} />
          <StateByteDiff diff={diff.requestState.received} />
          {diff.sections.map((s) => (
            <TextDiffView key={s.id} diff={s} />
          ))}
        </>
      )}
    </div>
  );
}
