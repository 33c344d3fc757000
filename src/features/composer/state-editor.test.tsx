import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Composer, type ComposerProps } from './composer.tsx';
import { composerProps } from './composer.fixtures.ts';
import { COMMIT_DELAY_MS } from './use-pending-commit.ts';
import { WINDOW_CHARS } from './state-window.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const props = composerProps;

const box = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'requestState' });

/** what a browser does for one edit: beforeinput with the selection, then the new text */
function edit(el: HTMLTextAreaElement, text: string, selection?: [number, number]) {
  if (selection) el.setSelectionRange(...selection);
  el.dispatchEvent(new Event('beforeinput', { bubbles: true }));
  fireEvent.change(el, { target: { value: text } });
}

const big = 'A'.repeat(40_000);
/** the last value committed (compared as booleans: a failing 40,000-character diff is unreadable) */
const committed = (p: ComposerProps) => vi.mocked(p.onRequestState).mock.lastCall?.[0] ?? '';

describe('the requestState box', () => {
  it('keeps typed text in the box and commits it once typing pauses', () => {
    const p = props();
    render(<Composer {...p} />);
    edit(box(), 'v1.abc.deX');
    edit(box(), 'v1.abc.deXY');
    expect(box().value).toBe('v1.abc.deXY');
    expect(screen.getByText('requestState edited by you')).toBeTruthy();
    expect(p.onRequestState).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(COMMIT_DELAY_MS));
    expect(p.onRequestState).toHaveBeenCalledTimes(1);
    expect(p.onRequestState).toHaveBeenCalledWith('v1.abc.deXY');
  });

  it('commits pending text before Send retry and Run to completion act, and on blur and Ctrl+Enter', () => {
    const p = props();
    render(<Composer {...p} />);
    edit(box(), 'v1.sent');
    fireEvent.click(screen.getByRole('button', { name: 'Send retry' }));
    expect(p.onRequestState).toHaveBeenLastCalledWith('v1.sent');
    expect(vi.mocked(p.onRequestState).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(p.onSend).mock.invocationCallOrder[0] ?? 0,
    );
    edit(box(), 'v1.run');
    fireEvent.click(screen.getByRole('button', { name: 'Run to completion' }));
    expect(p.onRequestState).toHaveBeenLastCalledWith('v1.run');
    edit(box(), 'v1.blur');
    fireEvent.blur(box());
    expect(p.onRequestState).toHaveBeenLastCalledWith('v1.blur');
    edit(box(), 'v1.key');
    fireEvent.keyDown(box(), { key: 'Enter', ctrlKey: true });
    expect(p.onRequestState).toHaveBeenLastCalledWith('v1.key');
    expect(p.onRequestState).toHaveBeenCalledTimes(4);
  });

  it('takes a value changed elsewhere (reset, the lab) and drops the pending edit', () => {
    const p = props();
    const { rerender } = render(<Composer {...p} />);
    edit(box(), 'v1.typed');
    rerender(<Composer {...p} requestState="v1.from.lab" />);
    expect(box().value).toBe('v1.from.lab');
    act(() => vi.advanceTimersByTime(COMMIT_DELAY_MS * 2));
    expect(p.onRequestState).not.toHaveBeenCalled();
  });

  it('edits a long state through a window and splices each edit into the whole value', () => {
    const p = props({ requestState: big, originalRequestState: big });
    render(<Composer {...p} />);
    expect(box().value === big.slice(0, WINDOW_CHARS)).toBe(true);
    expect(screen.getByText(/The box shows characters 1–8,192 of 40,000/)).toBeTruthy();
    edit(box(), 'B' + box().value);
    fireEvent.blur(box());
    expect(committed(p) === 'B' + big).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next window' }));
    expect(screen.getByText(/characters 8,194–16,385 of 40,001/)).toBeTruthy();
    edit(box(), box().value + 'C');
    fireEvent.blur(box());
    const sent = committed(p);
    expect(sent.length).toBe(40_002);
    expect(sent.indexOf('C')).toBe(WINDOW_CHARS * 2 + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Show the whole requestState' }));
    expect(box().value === sent).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Edit through a window' }));
    expect(box().value.length).toBeLessThanOrEqual(WINDOW_CHARS + 1);
  });

  it('applies a select-all of the window to the whole value: typing, copying and cutting', () => {
    const p = props({ requestState: big, originalRequestState: big });
    render(<Composer {...p} />);
    const setData = vi.fn();
    box().setSelectionRange(0, box().value.length);
    fireEvent.copy(box(), { clipboardData: { setData } });
    expect(setData.mock.lastCall?.[0]).toBe('text/plain');
    expect(setData.mock.lastCall?.[1] === big).toBe(true);
    edit(box(), 'v1.short', [0, box().value.length]);
    fireEvent.blur(box());
    expect(p.onRequestState).toHaveBeenLastCalledWith('v1.short');
    expect(screen.queryByText(/The box shows/)).toBeNull();
  });

  it('cuts the whole value when the window is selected', () => {
    const p = props({ requestState: big, originalRequestState: big });
    render(<Composer {...p} />);
    const setData = vi.fn();
    box().setSelectionRange(0, box().value.length);
    fireEvent.cut(box(), { clipboardData: { setData } });
    expect(setData.mock.lastCall?.[0]).toBe('text/plain');
    expect(setData.mock.lastCall?.[1] === big).toBe(true);
    fireEvent.blur(box());
    expect(p.onRequestState).toHaveBeenLastCalledWith('');
  });

  it('shows the end of a long value pasted into a short box, with the caret after it', () => {
    const p = props();
    render(<Composer {...p} />);
    edit(box(), big, [0, box().value.length]);
    expect(box().value === big.slice(-WINDOW_CHARS)).toBe(true);
    expect(box().selectionEnd).toBe(WINDOW_CHARS);
    fireEvent.blur(box());
    expect(committed(p) === big).toBe(true);
  });
});
