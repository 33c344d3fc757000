import { memo } from 'react';
import { CutText } from './cut-text.tsx';

/** Pretty JSON as plain text (never HTML). Large values are cut, with "Show all", so the page stays responsive. */
export const JsonText = memo(function JsonText({
  value,
  label,
  maxChars = 200_000,
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
