import { useState } from 'react';
import { groupDigits } from '../../lib/text.ts';

/** How many characters of a long text are rendered before "Show all" (a few screens; renders in a few ms). */
export const CUT_CHARS = 20_000;

/**
 * A long text cut to its first `max` characters, with a "Show all N characters" button that renders the rest on
 * request: a multi-megabyte result must not freeze the page just by arriving. Plain text, never HTML.
 */
export function CutText({ text, max = CUT_CHARS }: { text: string; max?: number }) {
  const [all, setAll] = useState(false);
  if (all || text.length <= max) return <>{text}</>;
  return (
    <>
      {text.slice(0, max)}
      {'\n… '}
      <button
        type="button"
        className="rounded bg-slate-200 px-1 font-sans text-xs text-slate-900 underline"
        onClick={() => setAll(true)}
      >
        Show all {groupDigits(text.length)} characters
      </button>
    </>
  );
}
