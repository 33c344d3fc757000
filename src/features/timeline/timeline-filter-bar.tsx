import type { TimelineFilter } from '../../session/timeline/timeline-filter.ts';

const STATUSES: [TimelineFilter['status'], string][] = [
  ['', 'any status'],
  ['complete', 'complete'],
  ['input_required', 'input_required'],
  ['error', 'error'],
  ['invalid', 'invalid response'],
  ['transport', 'no response'],
  ['lint', 'has lint findings'],
];

const field = 'rounded border border-slate-300 px-1.5 py-1 text-xs';

/** Filter and search controls for the timeline. */
export function TimelineFilterBar({
  filter,
  methods,
  tools,
  shown,
  total,
  onChange,
}: {
  filter: TimelineFilter;
  methods: string[];
  tools: string[];
  /** legs shown / legs in the session */
  shown: number;
  total: number;
  onChange: (patch: Partial<TimelineFilter>) => void;
}) {
  const active = shown !== total;
  const code = filter.code.trim();
  const badCode = code !== '' && !Number.isFinite(Number(code));
  return (
    <div role="search" aria-label="Filter timeline" className="flex flex-wrap items-center gap-1.5">
      <input
        type="search"
        aria-label="Search legs"
        placeholder="Search text…"
        value={filter.text}
        onChange={(e) => onChange({ text: e.target.value })}
        className={`${field} w-36`}
      />
      <select
        aria-label="Filter by method"
        value={filter.method}
        onChange={(e) => onChange({ method: e.target.value })}
        className={field}
      >
        <option value="">any method</option>
        {methods.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
      <select
        aria-label="Filter by tool"
        value={filter.tool}
        onChange={(e) => onChange({ tool: e.target.value })}
        className={field}
      >
        <option value="">any tool</option>
        {tools.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <select
        aria-label="Filter by status"
        value={filter.status}
        onChange={(e) => onChange({ status: e.target.value as TimelineFilter['status'] })}
        className={field}
      >
        {STATUSES.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <input
        aria-label="Error code or HTTP status"
        placeholder="code"
        inputMode="numeric"
        value={filter.code}
        onChange={(e) => onChange({ code: e.target.value })}
        className={`${field} w-20`}
      />
      {badCode && (
        <span role="alert" className="text-xs text-red-800">
          &quot;{filter.code}&quot; is not a number: enter a JSON-RPC code such as -32602 or an HTTP status such as 400.
        </span>
      )}
      <span aria-live="polite" className="text-xs text-slate-500">
        {active ? `${shown} of ${total} legs` : `${total} leg${total === 1 ? '' : 's'}`}
      </span>
      {active && (
        <button
          type="button"
          onClick={() => onChange({ method: '', tool: '', status: '', code: '', text: '' })}
          className="text-xs text-indigo-700 underline"
        >
          Clear filters
        </button>
      )}
    </div>
  );
}
