import { memo, useState } from 'react';
import { groupDigits } from '../../lib/text.ts';

const MAX_CHILDREN = 200;
const MAX_STRING = 2_000;

function LongString({ value }: { value: string }) {
  const [all, setAll] = useState(false);
  if (value.length <= MAX_STRING || all) return <span className="text-emerald-300">{JSON.stringify(value)}</span>;
  return (
    <span className="text-emerald-300">
      {JSON.stringify(value.slice(0, MAX_STRING))}…{' '}
      <button type="button" className="text-sky-300 underline" onClick={() => setAll(true)}>
        show all {groupDigits(value.length)} characters
      </button>
    </span>
  );
}

function Leaf({ value }: { value: unknown }) {
  if (typeof value === 'string') return <LongString value={value} />;
  if (typeof value === 'number') return <span className="text-amber-300">{String(value)}</span>;
  if (typeof value === 'boolean' || value === null) return <span className="text-fuchsia-300">{String(value)}</span>;
  return <span>{String(value)}</span>;
}

const Node = memo(function Node({ name, value, depth }: { name?: string; value: unknown; depth: number }) {
  const isArray = Array.isArray(value);
  const isObject = typeof value === 'object' && value !== null;
  // open what an MCP result needs to show its text (message > result > content > item), unless it is big
  const size = isObject ? (isArray ? (value as unknown[]).length : Object.keys(value as object).length) : 0;
  const [open, setOpen] = useState(depth < 2 || (depth < 4 && size <= 50));
  const [limit, setLimit] = useState(MAX_CHILDREN);
  const label = name !== undefined ? <span className="text-sky-200">{JSON.stringify(name)}: </span> : null;
  if (!isObject) {
    return (
      <div>
        {label}
        <Leaf value={value} />
      </div>
    );
  }
  const entries: [string, unknown][] = isArray
    ? (value as unknown[]).map((v, i) => [String(i), v])
    : Object.entries(value as Record<string, unknown>);
  const summary = isArray ? `[${entries.length}]` : `{${entries.length}}`;
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer">
        {label}
        <span className="text-slate-400">{summary}</span>
      </summary>
      {open && (
        <div className="ml-4 border-l border-slate-700 pl-2">
          {entries.slice(0, limit).map(([k, v]) => (
            <Node key={k} name={isArray ? undefined : k} value={v} depth={depth + 1} />
          ))}
          {entries.length > limit && (
            <button type="button" className="text-sky-300 underline" onClick={() => setLimit((n) => n + MAX_CHILDREN)}>
              show {Math.min(MAX_CHILDREN, entries.length - limit)} more of {entries.length - limit}
            </button>
          )}
        </div>
      )}
    </details>
  );
});

/**
 * Pretty JSON with collapsible objects and arrays, rendered as text. Only open nodes are rendered, long strings and
 * long arrays are cut with a button to show more, so a multi-MB body stays responsive.
 */
export function JsonTree({ value, label }: { value: unknown; label: string }) {
  return (
    <div
      role="group"
      aria-label={label}
      className="max-h-96 overflow-auto rounded bg-slate-950 p-2 font-mono text-xs break-all text-slate-100"
    >
      <Node value={value} depth={0} />
    </div>
  );
}
