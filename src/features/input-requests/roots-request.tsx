import { useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { rootsAnswer } from '../../protocol/elicitation/answers.ts';
import type { RootEntry } from '../../protocol/elicitation/answers.ts';
import type { InputResponse } from '../../protocol/types.ts';

export interface RootsRequestProps {
  savedRoots?: RootEntry[];
  onAnswer: (response: InputResponse) => void;
}

interface Row {
  key: number;
  uri: string;
  name: string;
}

let nextKey = 0;
const row = (uri = '', name = ''): Row => ({ key: nextKey++, uri, name });

/** roots/list (deprecated in 2026-07-28): the user edits the roots to disclose; never answered silently. */
export function RootsRequest({ savedRoots = [], onAnswer }: RootsRequestProps) {
  const [rows, setRows] = useState<Row[]>(() => savedRoots.map((r) => row(r.uri, r.name ?? '')));
  const update = (key: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const filled = rows.filter((r) => r.uri.trim() !== '');
  const nonFile = filled.filter((r) => !r.uri.startsWith('file://'));

  return (
    <div className="flex flex-col gap-3 text-sm">
      <div>
        <Badge tone="warn">deprecated in 2026-07-28</Badge>
      </div>
      <p className="text-slate-700">
        The server asks which roots (directories or files) it may work with. Review the list before sending it.
      </p>
      {rows.length === 0 && <p className="text-slate-500">No roots: sending now answers with an empty list.</p>}
      <ol className="flex flex-col gap-2">
        {rows.map((r, i) => (
          <li key={r.key} className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col gap-0.5">
              <span className="text-xs font-medium">URI {i + 1}</span>
              <input
                value={r.uri}
                onChange={(e) => update(r.key, { uri: e.target.value })}
                placeholder="file:///path/to/project"
                className="w-72 rounded border border-slate-300 px-2 py-1 font-mono text-xs"
              />
            </label>
            <label className="flex flex-col gap-0.5">
              <span className="text-xs font-medium">Name {i + 1}</span>
              <input
                value={r.name}
                onChange={(e) => update(r.key, { name: e.target.value })}
                className="w-40 rounded border border-slate-300 px-2 py-1"
              />
            </label>
            <Button variant="ghost" onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}>
              Remove root {i + 1}
            </Button>
          </li>
        ))}
      </ol>
      {nonFile.length > 0 && (
        <p className="text-xs text-amber-800">
          The spec says a root URI must start with file:// for now; {nonFile.length} will be sent anyway.
        </p>
      )}
      {filled.length < rows.length && <p className="text-xs text-slate-500">Rows with an empty URI are left out.</p>}
      <div className="flex gap-2">
        <Button onClick={() => setRows((rs) => [...rs, row()])}>Add root</Button>
        <Button
          variant="primary"
          onClick={() => onAnswer(rootsAnswer(filled.map((r) => ({ uri: r.uri.trim(), name: r.name }))))}
        >
          Send roots
        </Button>
      </div>
    </div>
  );
}
