import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { DiffRange } from '../../protocol/request-state/byte-diff.ts';
import { diffKindAt } from '../../protocol/request-state/byte-diff.ts';
import { hexRowsSlice, rowCount } from '../../protocol/request-state/hex-rows.ts';
import { formatOffset } from './hex-offset.ts';
import { HexPager } from './hex-pager.tsx';

export const HEX_WIDTH = 16;
export const HEX_ROWS_PER_PAGE = 32;

export interface HexGridProps {
  bytes: Uint8Array;
  /** Positional diff against the original, for highlighting (empty when unchanged). */
  ranges: readonly DiffRange[];
  page: number;
  onPageChange: (page: number) => void;
  /** Flip bit `bit` of byte `index`. */
  onFlip: (index: number, bit: number) => void;
  rowsPerPage?: number;
}

const KEY_STEPS: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: HEX_WIDTH, ArrowUp: -HEX_WIDTH };

/**
 * Wireshark-style hex + ASCII grid, paginated so a 1 MiB token renders only one page of rows (O(visible rows)).
 * Every byte is a button; clicking it flips the chosen bit. One byte is in the tab order at a time (roving tabindex);
 * arrow keys move, Page Up/Down change page.
 */
export function HexGrid({ bytes, ranges, page, onPageChange, onFlip, rowsPerPage = HEX_ROWS_PER_PAGE }: HexGridProps) {
  const [bit, setBit] = useState(0);
  const [active, setActive] = useState(0);
  const focusPending = useRef(false);
  const gridRef = useRef<HTMLDivElement>(null);

  const pageBytes = rowsPerPage * HEX_WIDTH;
  const pageCount = Math.max(1, Math.ceil(rowCount(bytes.length, HEX_WIDTH) / rowsPerPage));
  const safePage = Math.min(Math.max(0, page), pageCount - 1);
  const rows = useMemo(
    () => hexRowsSlice(bytes, safePage * rowsPerPage, rowsPerPage, HEX_WIDTH),
    [bytes, safePage, rowsPerPage],
  );
  const pageStart = safePage * pageBytes;
  const pageEnd = Math.min(bytes.length, pageStart + pageBytes);
  const activeIndex = active >= pageStart && active < pageEnd ? active : pageStart;

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-byte-index="${activeIndex}"]`)?.focus();
  }, [activeIndex, safePage]);

  function moveTo(index: number) {
    if (bytes.length === 0) return;
    const next = Math.min(bytes.length - 1, Math.max(0, index));
    const nextPage = Math.floor(next / pageBytes);
    if (next === activeIndex && nextPage === safePage) return;
    focusPending.current = true;
    setActive(next);
    if (nextPage !== safePage) onPageChange(nextPage);
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const step = KEY_STEPS[e.key];
    let target: number | null = step !== undefined ? activeIndex + step : null;
    if (e.key === 'PageDown') target = activeIndex + pageBytes;
    if (e.key === 'PageUp') target = activeIndex - pageBytes;
    if (e.key === 'Home') target = activeIndex - (activeIndex % HEX_WIDTH);
    if (e.key === 'End') target = activeIndex - (activeIndex % HEX_WIDTH) + HEX_WIDTH - 1;
    if (target === null) return;
    e.preventDefault();
    moveTo(target);
  }

  if (bytes.length === 0) return <p className="text-sm italic">No bytes: the token is an empty string.</p>;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label className="flex items-center gap-1">
          Bit to flip
          <select className="rounded border px-1" value={bit} onChange={(e) => setBit(Number(e.target.value))}>
            {Array.from({ length: 8 }, (_, b) => (
              <option key={b} value={b}>
                {b === 0 ? 'bit 0 (lowest)' : b === 7 ? 'bit 7 (highest)' : `bit ${b}`}
              </option>
            ))}
          </select>
        </label>
        <span>Click a byte to flip bit {bit}. Arrow keys move between bytes.</span>
      </div>
      <HexPager
        page={safePage}
        pageCount={pageCount}
        pageStart={pageStart}
        pageEnd={pageEnd}
        byteLength={bytes.length}
        onPageChange={onPageChange}
        onGoTo={moveTo}
      />
      <div ref={gridRef} role="group" aria-label="Hex bytes" onKeyDown={onKeyDown} className="font-mono text-xs">
        {rows.map((row) => (
          <div key={row.offset} className="flex items-center gap-3 whitespace-pre">
            <span className="w-20 text-gray-500">{formatOffset(row.offset)}</span>
            <span className="flex gap-0.5">
              {row.hex.map((h, i) => {
                const index = row.offset + i;
                const kind = diffKindAt(ranges, index);
                const tone =
                  kind === 'changed'
                    ? 'bg-red-200 text-red-900'
                    : kind === 'added'
                      ? 'bg-green-200 text-green-900'
                      : '';
                return (
                  <button
                    key={index}
                    type="button"
                    data-byte-index={index}
                    data-diff={kind ?? undefined}
                    tabIndex={index === activeIndex ? 0 : -1}
                    aria-label={`byte ${index}: 0x${h}`}
                    title={kind ? `${kind} (compared with the original)` : undefined}
                    className={`w-6 rounded px-0.5 hover:bg-blue-100 focus:outline-2 focus:outline-blue-600 ${tone}`}
                    onFocus={() => setActive(index)}
                    onClick={() => onFlip(index, bit)}
                  >
                    {h}
                  </button>
                );
              })}
            </span>
            <span aria-hidden="true" className="text-gray-700">
              {row.ascii}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
