import { useId, useMemo, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { compareChoices, fileRuns, splitList, type RunChoice } from '../../session/io/compare-runs.ts';
import { parseRecordingFile } from '../../session/io/recordings.ts';
import { RoundDiff } from './round-diff.tsx';

export interface CompareRunsPanelProps {
  /** the session's runs (every conversation that sent a leg) */
  sessionRuns: RunChoice[];
  onClose: () => void;
}

interface Imported {
  name: string;
  runs: RunChoice[];
}

const SELECT = 'max-w-full rounded border border-slate-300 bg-white px-1 py-0.5 text-sm';

/** A second run with the same call as `a` (another run of it), else any other run. */
function partnerOf(a: RunChoice | undefined, runs: readonly RunChoice[]): RunChoice | undefined {
  const others = runs.filter((r) => r.id !== a?.id);
  return others.find((r) => a && r.method === a.method && r.name === a.name) ?? others[0];
}

/**
 * Pick two runs (two conversations of this session, or one from an imported session file / HAR) and read replay's
 * round-by-round comparison of them as a diff. An imported file stays in this panel only: it is never merged into
 * the session.
 */
export function CompareRunsPanel({ sessionRuns, onClose }: CompareRunsPanelProps) {
  const [imported, setImported] = useState<Imported | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [aId, setAId] = useState<string | null>(null);
  const [bId, setBId] = useState<string | null>(null);
  const [ignoreText, setIgnoreText] = useState('');
  const ids = { a: useId(), b: useId(), file: useId(), ignore: useId() };
  const runs = useMemo(() => [...sessionRuns, ...(imported?.runs ?? [])], [sessionRuns, imported]);
  const a = runs.find((r) => r.id === aId) ?? runs[0];
  const b = runs.find((r) => r.id === bId && r.id !== a?.id) ?? partnerOf(a, runs);
  const comparison = useMemo(() => (a && b ? compareChoices(a, b, splitList(ignoreText)) : null), [a, b, ignoreText]);

  const importFile = async (file: File) => {
    let text: string;
    try {
      text = await file.text();
    } catch (err) {
      setProblem(`Could not read ${file.name}: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    const parsed = parseRecordingFile(text);
    if (!parsed.ok) return setProblem(`${file.name} is not a session file or HAR: ${parsed.error}`);
    if (!parsed.recordings.length) return setProblem(`${file.name} holds no recorded conversation to compare.`);
    setProblem(null);
    const fileRunList = fileRuns(parsed.recordings, file.name);
    setImported({ name: file.name, runs: fileRunList });
    // compare the file's first run with this session's run of the same call, if there is one
    const first = fileRunList[0]!;
    setAId(first.id);
    setBId(partnerOf(first, sessionRuns)?.id ?? null);
  };

  const picker = (id: string, label: string, value: RunChoice | undefined, set: (v: string) => void) => (
    <div className="flex min-w-0 flex-col gap-0.5">
      <label htmlFor={id} className="text-xs font-semibold">
        {label}
      </label>
      <select id={id} className={SELECT} value={value?.id ?? ''} onChange={(e) => set(e.target.value)}>
        {runs.map((r) => (
          <option key={r.id} value={r.id}>
            {r.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <section aria-label="Compare runs" className="space-y-3 rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <div className="flex items-center gap-2">
        <h2 className="flex-1 font-semibold">Compare runs</h2>
        <Button onClick={onClose}>Close</Button>
      </div>
      <p className="text-xs text-slate-600">
        The comparison <code>mrtr-inspector replay</code> makes: per round the result type, the keys asked, the error
        code, isError and the content (without <code>_meta</code>).
      </p>
      <div className="grid gap-2 md:grid-cols-2">
        {picker(ids.a, 'Run A', a, setAId)}
        {picker(ids.b, 'Run B', b, setBId)}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-0.5">
          <label htmlFor={ids.file} className="text-xs font-semibold">
            Add runs from a session file or HAR
          </label>
          <input
            id={ids.file}
            type="file"
            accept="application/json,.json,.har"
            className="text-xs"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void importFile(file);
            }}
          />
        </div>
        <div className="flex min-w-64 flex-1 flex-col gap-0.5">
          <label htmlFor={ids.ignore} className="text-xs font-semibold">
            Ignore fields
          </label>
          <input
            id={ids.ignore}
            type="text"
            className="rounded border border-slate-300 px-1 py-0.5 font-mono text-xs"
            placeholder="content.0.text, inputRequests.*.params.url"
            value={ignoreText}
            onChange={(e) => setIgnoreText(e.target.value)}
          />
        </div>
      </div>
      {imported && (
        <p role="status" className="text-xs text-slate-700">
          {imported.runs.length} run{imported.runs.length === 1 ? '' : 's'} from {imported.name} added to the pickers
          (not to the session).
        </p>
      )}
      {problem && (
        <p role="alert" className="rounded bg-red-50 p-2 text-red-900">
          {problem} Pick another file; the runs you had are unchanged.
        </p>
      )}
      {!comparison && (
        <p className="text-slate-600">
          Two runs are needed: make a call (or another run of one), or add runs from a session file or HAR.
        </p>
      )}
      {comparison && (
        <>
          <p role="status" aria-label="Comparison verdict" className="font-semibold">
            {comparison.same
              ? `Same in every round (${comparison.rounds.length}).`
              : `Differs in ${comparison.rounds.filter((r) => r.differences.length).length} of ${comparison.rounds.length} rounds.`}
          </p>
          {comparison.warning && <p className="text-xs text-amber-800">{comparison.warning}</p>}
          <RoundDiff rounds={comparison.rounds} />
        </>
      )}
    </section>
  );
}
