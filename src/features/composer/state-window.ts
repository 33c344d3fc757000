/**
 * The window the requestState box shows of a long state. Chromium re-shapes and re-lays out a textarea's whole text on
 * every key (a 1 MiB token: 300-900 ms per key on the bench machine, 16 KiB: under 40 ms), so a state longer than
 * WINDOW_THRESHOLD is edited through a window of about WINDOW_CHARS characters; edits are spliced into the whole value.
 * Pure: the component (state-editor.tsx) keeps a window and the caret, this file says what an edit means.
 */
import { groupDigits } from '../../lib/text.ts';

/** states longer than this are edited through a window */
export const WINDOW_THRESHOLD = 16_384;
/** the size of a window (it grows with typing, up to twice this, then is re-centred on the caret) */
export const WINDOW_CHARS = 8_192;

/** [start, end) of the whole value, in UTF-16 code units (what a textarea's selection counts) */
export interface StateWindow {
  start: number;
  end: number;
}

export const needsWindow = (value: string): boolean => value.length > WINDOW_THRESHOLD;

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** moves a boundary back by one when it would split a surrogate pair (an emoji shown as two broken halves) */
function snap(value: string, at: number): number {
  if (at <= 0 || at >= value.length) return Math.max(0, Math.min(at, value.length));
  return isLow(value.charCodeAt(at)) && isHigh(value.charCodeAt(at - 1)) ? at - 1 : at;
}

/** the window of WINDOW_CHARS starting at `start`, clamped to the value (the last window is a full one) */
export function windowAt(value: string, start: number): StateWindow {
  const s = snap(value, Math.max(0, Math.min(start, value.length - WINDOW_CHARS)));
  return { start: s, end: snap(value, Math.min(value.length, s + WINDOW_CHARS)) };
}

/** the window holding position `at` (the caret): centred on it, or the first/last window near the ends */
export function windowAround(value: string, at: number): StateWindow {
  return windowAt(value, at - WINDOW_CHARS / 2);
}

/** a window still valid for `value` (the value changed elsewhere: reset, the lab): clamped, same start */
export function clampWindow(value: string, w: StateWindow): StateWindow {
  const start = snap(value, Math.min(w.start, value.length));
  const end = snap(value, Math.max(start, Math.min(w.end, value.length)));
  return end > start || value.length === 0 ? { start, end } : windowAt(value, start);
}

/** the selection before an edit covered the whole window text (select-all): the edit applies to the whole value */
export function selectsWholeWindow(selection: { start: number; end: number; length: number } | null): boolean {
  return selection !== null && selection.length > 0 && selection.start === 0 && selection.end === selection.length;
}

export interface WindowEdit {
  value: string;
  window: StateWindow;
  /** where the caret goes in the new window text when the window moved (undefined: the box already shows it) */
  caret?: number;
}

/**
 * The window's text became `text` (what the textarea holds after an edit; `caret` is its selectionEnd). `whole`: the
 * edit replaced a select-all, so the whole value becomes `text`. A window that grew past twice WINDOW_CHARS (a paste)
 * is re-centred on the caret.
 */
export function applyWindowEdit(
  value: string,
  w: StateWindow,
  text: string,
  caret: number,
  whole: boolean,
): WindowEdit {
  const next = whole ? text : value.slice(0, w.start) + text + value.slice(w.end);
  const start = whole ? 0 : w.start;
  const grown = { start, end: start + text.length };
  if (!needsWindow(next))
    return {
      value: next,
      window: { start: 0, end: next.length },
      ...(whole || w.start > 0 || w.end < value.length ? { caret: start + caret } : {}),
    };
  if (!whole && text.length <= 2 * WINDOW_CHARS) return { value: next, window: grown };
  const moved = windowAround(next, start + caret);
  return { value: next, window: moved, caret: start + caret - moved.start };
}

/** "characters 1,040,397–1,048,588 of 1,048,588" (1-based, inclusive, as people count) */
export function windowLabel(w: StateWindow, length: number): string {
  return `characters ${groupDigits(Math.min(w.start + 1, w.end))}–${groupDigits(w.end)} of ${groupDigits(length)}`;
}
