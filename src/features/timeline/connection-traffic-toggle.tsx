/**
 * Shows or hides the Connection conversation (discover or initialize, the lists, failed connects) in the Timeline,
 * saying how many of its legs are hidden.
 */
export function ConnectionTrafficToggle({
  shown,
  count,
  onChange,
}: {
  shown: boolean;
  /** connection legs recorded */
  count: number;
  onChange: (shown: boolean) => void;
}) {
  return (
    <span className="flex items-center gap-1.5 text-xs">
      <label className="flex items-center gap-1">
        <input type="checkbox" checked={shown} onChange={(e) => onChange(e.target.checked)} />
        Show connection traffic
      </label>
      {!shown && (
        <span aria-live="polite" className="text-slate-600">
          {count === 0 ? 'none yet' : `${count} connection leg${count === 1 ? '' : 's'} hidden`}
        </span>
      )}
    </span>
  );
}
