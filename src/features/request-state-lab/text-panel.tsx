import { useMemo } from 'react';

const TEXT_PREVIEW_CHARS = 64 * 1024;

export interface TextPanelProps {
  value: string;
  byteLength: number;
}

/** The token as plain text (read-only; the composer owns the editable field), clipped for huge tokens. */
export function TextPanel({ value, byteLength }: TextPanelProps) {
  const nonAscii = useMemo(() => /[^\x20-\x7e]/.test(value), [value]);
  const clipped = value.length > TEXT_PREVIEW_CHARS;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <dl className="flex flex-wrap gap-x-4">
        <div>
          <dt className="inline text-gray-600">Characters: </dt>
          <dd className="inline">{value.length}</dd>
        </div>
        <div>
          <dt className="inline text-gray-600">UTF-8 bytes: </dt>
          <dd className="inline">{byteLength}</dd>
        </div>
        <div>
          <dt className="inline text-gray-600">Outside printable ASCII: </dt>
          <dd className="inline">{nonAscii ? 'yes' : 'no'}</dd>
        </div>
      </dl>
      <pre
        aria-label="Token text"
        tabIndex={0}
        className="max-h-64 overflow-auto rounded border bg-gray-50 p-2 break-all whitespace-pre-wrap"
      >
        {clipped ? value.slice(0, TEXT_PREVIEW_CHARS) : value}
      </pre>
      {clipped && (
        <p className="text-xs">
          Showing the first {TEXT_PREVIEW_CHARS} of {value.length} characters.
        </p>
      )}
    </div>
  );
}
