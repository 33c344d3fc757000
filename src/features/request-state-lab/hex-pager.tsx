import { useState } from 'react';
import { formatOffset } from './hex-offset.ts';

export interface HexPagerProps {
  page: number;
  pageCount: number;
  pageStart: number;
  pageEnd: number;
  byteLength: number;
  onPageChange: (page: number) => void;
  /** Jump to (and focus) a byte offset. */
  onGoTo: (offset: number) => void;
}

/** Parse a decimal ("4096") or 0x-prefixed hex ("0x1000") byte offset; null when neither. */
function parseOffset(text: string): number | null {
  const t = text.trim().toLowerCase();
  if (/^0x[0-9a-f]+$/.test(t)) return parseInt(t.slice(2), 16);
  if (/^[0-9]+$/.test(t)) return parseInt(t, 10);
  return null;
}

/** Page controls for the hex grid. */
export function HexPager({ page, pageCount, pageStart, pageEnd, byteLength, onPageChange, onGoTo }: HexPagerProps) {
  const [offsetText, setOffsetText] = useState('');
  const offset = parseOffset(offsetText);
  const btn = 'rounded border px-2 py-0.5 disabled:opacity-40 focus:outline-2';
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <button type="button" className={btn} disabled={page <= 0} onClick={() => onPageChange(page - 1)}>
        Previous page
      </button>
      <span>
        Page {page + 1} of {pageCount}: bytes {formatOffset(pageStart)}–{formatOffset(Math.max(pageStart, pageEnd - 1))}{' '}
        of {byteLength}
      </span>
      <button type="button" className={btn} disabled={page >= pageCount - 1} onClick={() => onPageChange(page + 1)}>
        Next page
      </button>
      <form
        className="flex items-center gap-1"
        onSubmit={(e) => {
          e.preventDefault();
          if (offset !== null) onGoTo(offset);
        }}
      >
        <label className="flex items-center gap-1">
          Go to byte offset
          <input
            className="w-24 rounded border px-1 font-mono"
            value={offsetText}
            placeholder="0x0000"
            onChange={(e) => setOffsetText(e.target.value)}
          />
        </label>
        <button type="submit" className={btn} disabled={offset === null}>
          Go
        </button>
      </form>
    </div>
  );
}
