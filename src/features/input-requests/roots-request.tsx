import { useId, useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { rootsAnswer } from '../../protocol/elicitation/answers.ts';
import type { RootEntry } from '../../protocol/elicitation/answers.ts';
import { checkRootUris } from '../../protocol/root-uri.ts';
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
  // sending a root that is not a URI is allowed on purpose only (to see what the server does with it)
  const [sendInvalid, setSendInvalid] = useState(false);
  const id = useId();
  const update = (key: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const filled = rows.filter((r) => r.uri.trim() !== '');
  const findings = checkRootUris(rows.map((r) => r.uri));
  const errors = findings.filter((f) => f.level === 'error');
  const findingOf = (i: number) => findings.find((f) => f.index === i);
  const blocked = errors.length > 0 && !sendInvalid;

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
        {rows.map((r, i) => {
          const finding = findingOf(i);
          const bad = finding?.level === 'error';
          return (
            <li key={r.key} className="flex flex-wrap items-end gap-2">
              <label className="flex flex-col gap-0.5">
                <span className="text-xs font-medium">URI {i + 1}</span>
                <input
                  value={r.uri}
                  onChange={(e) => update(r.key, { uri: e.target.value })}
                  placeholder="file:///path/to/project"
                  aria-invalid={bad || undefined}
                  aria-describedby={finding ? `${id}-uri-${r.key}` : undefined}
                  className={`w-72 rounded border px-2 py-1 font-mono text-xs ${bad ? 'border-red-500 bg-red-50' : finding ? 'border-amber-500' : 'border-slate-300'}`}
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
              {finding && (
                <p
                  id={`${id}-uri-${r.key}`}
                  className={`basis-full text-xs ${bad ? 'font-medium text-red-700' : 'text-amber-800'}`}
                >
                  {finding.message}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {filled.length < rows.length && <p className="text-xs text-slate-500">Rows with an empty URI are left out.</p>}
      {errors.length > 0 && (
        <div className="flex flex-col gap-1 rounded border border-red-300 bg-red-50 p-2 text-xs text-red-900">
          <p className="font-semibold">
            {errors.length === 1 ? '1 root is not a file:// URI' : `${errors.length} roots are not file:// URIs`}:{' '}
            {sendInvalid ? 'they will be sent as typed.' : 'Send roots is blocked.'}
          </p>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={sendInvalid} onChange={(e) => setSendInvalid(e.target.checked)} />
            Send invalid roots anyway (to see how the server handles them)
          </label>
        </div>
      )}
      <div className="flex gap-2">
        <Button onClick={() => setRows((rs) => [...rs, row()])}>Add root</Button>
        <Button
          variant={errors.length > 0 ? 'danger' : 'primary'}
          disabled={blocked}
          onClick={() => onAnswer(rootsAnswer(filled.map((r) => ({ uri: r.uri.trim(), name: r.name }))))}
        >
          Send roots
        </Button>
      </div>
    </div>
  );
}
