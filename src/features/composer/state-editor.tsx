import { useEffect, useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import {
  applyWindowEdit,
  clampWindow,
  needsWindow,
  selectsWholeWindow,
  windowAt,
  windowLabel,
  WINDOW_CHARS,
  type StateWindow,
} from './state-window.ts';

export interface StateEditorProps {
  id: string;
  value: string;
  placeholder: string;
  className: string;
  onChange: (value: string) => void;
  /** the box lost focus or the user pressed Ctrl/Cmd+Enter (send): pending edits must be committed now */
  onFlush: () => void;
}

type Selection = { start: number; end: number; length: number };

/**
 * The requestState textbox. A long state is edited through a window (state-window.ts): the box holds a few thousand
 * characters, with buttons to move the window or show the whole value in one (slow) box; select-all in the window
 * stands for the whole value when typing, pasting, deleting, copying or cutting.
 */
export function StateEditor(p: StateEditorProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [oneBox, setOneBox] = useState(false);
  // the window and the value it was computed for; a value changed elsewhere keeps the window's start
  const [win, setWin] = useState<{ value: string; window: StateWindow }>(() => ({
    value: p.value,
    window: windowAt(p.value, 0),
  }));
  const caret = useRef<number | undefined>(undefined);
  const selection = useRef<Selection | null>(null);
  const windowed = !oneBox && needsWindow(p.value);
  const w = windowed
    ? win.value === p.value
      ? win.window
      : clampWindow(p.value, win.window)
    : { start: 0, end: p.value.length };
  const text = windowed ? p.value.slice(w.start, w.end) : p.value;
  const partial = w.start > 0 || w.end < p.value.length;

  // the selection just before each edit: a select-all of a partial window means the whole value
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const before = () => {
      selection.current = { start: el.selectionStart, end: el.selectionEnd, length: el.value.length };
    };
    el.addEventListener('beforeinput', before);
    return () => el.removeEventListener('beforeinput', before);
  }, []);
  // after the window moved under the caret, put the caret back where the user was typing
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && caret.current !== undefined) {
      el.setSelectionRange(caret.current, caret.current);
      caret.current = undefined;
    }
  });

  const onText = (next: string, at: number, cut = false) => {
    const whole = windowed && partial && (cut || selectsWholeWindow(selection.current));
    selection.current = null;
    const edit = applyWindowEdit(p.value, w, next, at, whole);
    caret.current = edit.caret;
    setWin({ value: edit.value, window: edit.window });
    p.onChange(edit.value);
  };
  const wholeSelected = (el: HTMLTextAreaElement) =>
    windowed &&
    partial &&
    selectsWholeWindow({ start: el.selectionStart, end: el.selectionEnd, length: el.value.length });
  const onCopy = (e: ClipboardEvent<HTMLTextAreaElement>, cut: boolean) => {
    if (!wholeSelected(e.currentTarget)) return;
    e.preventDefault();
    e.clipboardData.setData('text/plain', p.value);
    if (cut) onText('', 0, true);
  };
  const move = (start: number) => setWin({ value: p.value, window: windowAt(p.value, start) });
  return (
    <>
      <textarea
        ref={ref}
        id={p.id}
        className={p.className}
        value={text}
        placeholder={p.placeholder}
        spellCheck={false}
        {...(windowed ? { 'aria-describedby': `${p.id}-window` } : {})}
        onChange={(e) => onText(e.target.value, e.target.selectionEnd)}
        onBlur={p.onFlush}
        onKeyDown={(e: KeyboardEvent) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) p.onFlush();
        }}
        onCopy={(e) => onCopy(e, false)}
        onCut={(e) => onCopy(e, true)}
      />
      {(windowed || (oneBox && needsWindow(p.value))) && (
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
          {windowed ? (
            <>
              <span id={`${p.id}-window`}>
                The box shows {windowLabel(w, p.value.length)} (typing in one box this long is slow). Select all selects
                the whole value.
              </span>
              <Button variant="ghost" disabled={w.start === 0} onClick={() => move(w.start - WINDOW_CHARS)}>
                Previous window
              </Button>
              <Button variant="ghost" disabled={w.end >= p.value.length} onClick={() => move(w.end)}>
                Next window
              </Button>
              <Button variant="ghost" onClick={() => setOneBox(true)}>
                Show the whole requestState
              </Button>
            </>
          ) : (
            <Button variant="ghost" onClick={() => setOneBox(false)}>
              Edit through a window
            </Button>
          )}
        </div>
      )}
    </>
  );
}
