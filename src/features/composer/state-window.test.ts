import { describe, expect, it } from 'vitest';
import {
  applyWindowEdit,
  clampWindow,
  needsWindow,
  selectsWholeWindow,
  windowAround,
  windowAt,
  windowLabel,
  WINDOW_CHARS,
  WINDOW_THRESHOLD,
} from './state-window.ts';

const MIB = 1024 * 1024;
const big = 'A'.repeat(MIB);

describe('state window', () => {
  it('windows only values longer than the threshold', () => {
    expect(needsWindow('x'.repeat(WINDOW_THRESHOLD))).toBe(false);
    expect(needsWindow('x'.repeat(WINDOW_THRESHOLD + 1))).toBe(true);
  });

  it('clamps a window to the value and keeps the last window a full one', () => {
    expect(windowAt(big, 0)).toEqual({ start: 0, end: WINDOW_CHARS });
    expect(windowAt(big, MIB)).toEqual({ start: MIB - WINDOW_CHARS, end: MIB });
    expect(windowAt(big, -5)).toEqual({ start: 0, end: WINDOW_CHARS });
    expect(windowAround(big, MIB)).toEqual({ start: MIB - WINDOW_CHARS, end: MIB });
    expect(windowAround(big, 100_000)).toEqual({ start: 100_000 - WINDOW_CHARS / 2, end: 100_000 + WINDOW_CHARS / 2 });
  });

  it('never splits a surrogate pair at a window boundary', () => {
    const value = 'a'.repeat(WINDOW_CHARS - 1) + '😀' + 'b'.repeat(WINDOW_THRESHOLD);
    const w = windowAt(value, 0);
    expect(w.end).toBe(WINDOW_CHARS - 1);
    expect(windowAt(value, WINDOW_CHARS).start).toBe(WINDOW_CHARS - 1);
  });

  it('splices an edit of the window into the whole value and grows the window with it', () => {
    const w = windowAt(big, MIB);
    const edit = applyWindowEdit(big, w, big.slice(w.start, w.end) + 'B', WINDOW_CHARS + 1, false);
    expect(edit.value).toBe(big + 'B');
    expect(edit.window).toEqual({ start: w.start, end: MIB + 1 });
    expect(edit.caret).toBeUndefined();
    const mid = windowAt(big, 1000);
    const deleted = applyWindowEdit(big, mid, 'X' + big.slice(mid.start + 1, mid.end), 1, false);
    expect(deleted.value.length).toBe(MIB);
    expect(deleted.value[1000]).toBe('X');
    expect(deleted.value.indexOf('X')).toBe(1000);
  });

  it('replaces the whole value when the edit replaced a select-all of the window', () => {
    const w = windowAt(big, 0);
    expect(applyWindowEdit(big, w, 'v1.short', 8, true)).toEqual({
      value: 'v1.short',
      window: { start: 0, end: 8 },
      caret: 8,
    });
    expect(applyWindowEdit(big, w, '', 0, true).value).toBe('');
  });

  it('re-centres the window on the caret when a paste makes it too long', () => {
    // a 1 MiB fill of a short box: the box shows the window ending at the caret
    const filled = applyWindowEdit('v1.abc', { start: 0, end: 6 }, big, MIB, false);
    expect(filled.value).toBe(big);
    expect(filled.window).toEqual({ start: MIB - WINDOW_CHARS, end: MIB });
    expect(filled.caret).toBe(WINDOW_CHARS);
    // a paste into the middle of a window
    const w = windowAt(big, 0);
    const pasted = applyWindowEdit(big, w, 'C'.repeat(3 * WINDOW_CHARS), 3 * WINDOW_CHARS, false);
    expect(pasted.value.length).toBe(MIB - WINDOW_CHARS + 3 * WINDOW_CHARS);
    expect(pasted.window.start + (pasted.caret ?? NaN)).toBe(3 * WINDOW_CHARS);
  });

  it('puts the caret back in a short value when an edit shrinks it below the threshold', () => {
    const value = 'a'.repeat(WINDOW_THRESHOLD + 10);
    const w = windowAt(value, WINDOW_THRESHOLD);
    const edit = applyWindowEdit(value, w, 'x', 1, false);
    expect(edit.value).toBe(value.slice(0, w.start) + 'x');
    expect(edit.window).toEqual({ start: 0, end: edit.value.length });
    expect(edit.caret).toBe(w.start + 1);
  });

  it('keeps the start of a window when the value changed elsewhere, clamped to its new length', () => {
    expect(clampWindow(big, { start: 500, end: 500 + WINDOW_CHARS })).toEqual({ start: 500, end: 500 + WINDOW_CHARS });
    const shorter = 'A'.repeat(WINDOW_THRESHOLD * 2);
    expect(clampWindow(shorter, { start: MIB - 10, end: MIB })).toEqual(windowAt(shorter, MIB));
  });

  it('reads a selection as a select-all only when it covers the whole window text', () => {
    expect(selectsWholeWindow({ start: 0, end: 10, length: 10 })).toBe(true);
    expect(selectsWholeWindow({ start: 1, end: 10, length: 10 })).toBe(false);
    expect(selectsWholeWindow({ start: 0, end: 0, length: 0 })).toBe(false);
    expect(selectsWholeWindow(null)).toBe(false);
  });

  it('labels a window 1-based and inclusive', () => {
    expect(windowLabel({ start: MIB - WINDOW_CHARS, end: MIB }, MIB)).toBe(
      'characters 1,040,385–1,048,576 of 1,048,576',
    );
  });
});
