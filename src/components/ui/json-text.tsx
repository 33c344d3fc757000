import { memo } from 'react';
import { CUT_CHARS, CutText } from './cut-text.tsx';

/**
 * Pretty JSON as plain text (never HTML). Large values are cut (20,000 characters by default: laying out 200,000 in a
 * wrapping `pre` took a 300 ms frame), with "Show all", so the page stays responsive.
 */
export const JsonText = memo(function JsonText({
  value,
  label,
  maxChars = CUT_CHARS,
  className = '',
}: {
  value: unknown;
  label?: string;
  maxChars?: number;
  className?: string;
}) {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? String(value));
  } catch {
    text = String(value);
  }
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className={`max-h-96 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-950 p-2 font-mono text-xs text-slate-100 ${className}`}
    >
      <CutText text={text} max={maxChars} />
    </pre>
  );
});
