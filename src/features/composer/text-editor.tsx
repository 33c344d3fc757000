import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import type { Parsed } from '../../session/editors/draft-edits.ts';

export interface TextEditorProps<T> {
  label: string;
  value: T;
  format: (value: T) => string;
  parse: (text: string) => Parsed<T>;
  onCommit: (value: T) => void;
  onReset: () => void;
  /** the value differs from the original */
  changed: boolean;
  rows?: number;
  hint?: string;
}

/**
 * A text box over one draft value. Valid text is committed at once; invalid text stays exactly as typed, with a
 * specific message, and nothing is sent until it parses. A change made elsewhere (the answer forms) replaces the text.
 */
export function TextEditor<T>(p: TextEditorProps<T>) {
  const id = useId();
  const formatted = p.format(p.value);
  const [text, setText] = useState(formatted);
  // the value as last seen from props: when it changes, the box follows unless it already says the same thing
  const [seen, setSeen] = useState(formatted);
  const [result, setResult] = useState<Parsed<T> | null>(null);
  if (formatted !== seen) {
    setSeen(formatted);
    const mine = p.parse(text);
    if (!mine.ok || p.format(mine.value) !== formatted) {
      setText(formatted);
      setResult(null);
    }
  }
  const error = result && !result.ok ? result.error : null;
  const warnings = result?.ok ? result.warnings : [];
  const single = (p.rows ?? 4) === 1;
  const common = {
    id,
    value: text,
    spellCheck: false,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': `${id}-msg`,
    className: `mt-1 block w-full rounded border px-2 py-1 font-mono text-xs ${error ? 'border-red-500 bg-red-50' : 'border-slate-300'}`,
    onChange: (e: { target: { value: string } }) => {
      const next = e.target.value;
      setText(next);
      const parsed = p.parse(next);
      setResult(parsed);
      if (parsed.ok) p.onCommit(parsed.value);
    },
  };
  return (
    <div>
      <div className="flex items-center justify-between">
        <label htmlFor={id} className="text-xs font-semibold text-slate-700">
          {p.label} {p.changed && <span className="font-normal text-red-700">(edited)</span>}
        </label>
        <Button
          variant="ghost"
          aria-label={`Reset ${p.label}`}
          disabled={!p.changed && !error}
          onClick={() => {
            setResult(null);
            setText(formatted);
            p.onReset();
          }}
        >
          Reset
        </Button>
      </div>
      {single ? <input {...common} /> : <textarea rows={p.rows ?? 4} {...common} />}
      <div id={`${id}-msg`} className="text-xs">
        {error && <p className="text-red-700">{error}. Nothing was changed; fix the text or reset.</p>}
        {warnings.map((w) => (
          <p key={w} className="text-amber-800">
            {w}
          </p>
        ))}
        {!error && !warnings.length && p.hint && <p className="text-slate-500">{p.hint}</p>}
      </div>
    </div>
  );
}
