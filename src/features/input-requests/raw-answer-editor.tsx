import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { isJsonObject, type JsonObject } from '../../protocol/types.ts';

/** Parses `text` as a JSON object answer; returns the object or a message saying why it is refused. */
function parseRawAnswer(text: string): { ok: true; value: JsonObject } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `Not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (!isJsonObject(value)) {
    return {
      ok: false,
      error: `An answer must be a JSON object, got ${Array.isArray(value) ? 'an array' : String(value === null ? 'null' : typeof value)}.`,
    };
  }
  return { ok: true, value: value as JsonObject };
}

/** Free-form answer editor: a textarea "Raw answer JSON" and a "Set answer" button that only accepts a JSON object. */
export function RawAnswerEditor({ initial = '{}', onSet }: { initial?: string; onSet: (answer: JsonObject) => void }) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  const set = () => {
    const parsed = parseRawAnswer(text);
    if (parsed.ok) {
      setError(undefined);
      onSet(parsed.value);
    } else setError(parsed.error);
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Raw answer JSON
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={5}
        spellCheck={false}
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="rounded border border-slate-300 p-2 font-mono text-xs"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
      <div>
        <Button variant="primary" onClick={set}>
          Set answer
        </Button>
      </div>
    </div>
  );
}
