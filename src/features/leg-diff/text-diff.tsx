import type { DiffLine, TextDiff } from '../../session/timeline/leg-diff.ts';

const MAX_LINES = 2_000;

const STYLE: Record<DiffLine['kind'], string> = {
  same: 'text-slate-300',
  added: 'bg-emerald-900/60 text-emerald-100',
  removed: 'bg-red-900/60 text-red-100',
};
const PREFIX: Record<DiffLine['kind'], string> = { same: '  ', added: '+ ', removed: '- ' };

/** A line diff as text, with + / - prefixes (so it reads without colour) and only changed sections open. */
export function TextDiffView({ diff }: { diff: TextDiff }) {
  return (
    <details open={diff.changed} className="rounded border border-slate-200">
      <summary className="cursor-pointer px-2 py-1 text-xs font-semibold">
        {diff.label} <span className="font-normal text-slate-500">{diff.changed ? 'changed' : 'same'}</span>
      </summary>
      {diff.tooLarge ? (
        <p className="px-2 pb-2 text-xs text-slate-600">
          Too large to diff line by line; the two texts are {diff.changed ? 'different' : 'identical'}.
        </p>
      ) : (
        <pre
          aria-label={`${diff.label} diff`}
          tabIndex={0}
          className="max-h-72 overflow-auto bg-slate-950 p-2 font-mono text-xs whitespace-pre-wrap break-all"
        >
          {(diff.lines ?? []).slice(0, MAX_LINES).map((line, i) => (
            <div key={i} className={STYLE[line.kind]}>
              {line.kind === 'added' ? <ins className="no-underline">{PREFIX[line.kind] + line.text}</ins> : null}
              {line.kind === 'removed' ? <del className="no-underline">{PREFIX[line.kind] + line.text}</del> : null}
              {line.kind === 'same' ? PREFIX[line.kind] + line.text : null}
            </div>
          ))}
          {(diff.lines?.length ?? 0) > MAX_LINES && `… ${(diff.lines?.length ?? 0) - MAX_LINES} more lines`}
        </pre>
      )}
    </details>
  );
}
