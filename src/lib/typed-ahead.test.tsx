import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdTypedAhead } from './typed-ahead.ts';

/** A catalog with one tool button, and two fields (built with DOM calls: no markup parsed). */
function page() {
  const nav = document.createElement('nav');
  const tool = document.createElement('button');
  tool.textContent = 'provision';
  nav.append(tool);
  const field = document.createElement('input');
  const other = document.createElement('input');
  document.body.replaceChildren(nav, field, other);
  return { tool, field, other, nav };
}

function press(target: Element, key: string, code = `Key${key.toUpperCase()}`) {
  const down = new KeyboardEvent('keydown', { key, code, bubbles: true, cancelable: true });
  target.dispatchEvent(down);
  const up = new KeyboardEvent('keyup', { key, code, bubbles: true, cancelable: true });
  target.dispatchEvent(up);
  return { down, up };
}

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('holdTypedAhead', () => {
  it('types the keys pressed on the picked button into the field focus moves to when the form arrives later', () => {
    const { tool, field, nav } = page();
    tool.focus();
    const typed = holdTypedAhead((active) => nav.contains(active));
    const seen: string[] = [];
    field.addEventListener('input', () => seen.push(field.value));
    for (const key of 'orders') expect(press(tool, key).down.defaultPrevented).toBe(true);
    field.focus();
    expect(typed.release(field)).toBe('orders');
    expect(field.value).toBe('orders');
    expect(seen.at(-1)).toBe('orders');
  });

  it('keeps a held Space from clicking the button when the user types a space at once', () => {
    const { tool, field, nav } = page();
    const click = vi.fn();
    tool.addEventListener('click', click);
    tool.focus();
    const typed = holdTypedAhead((active) => nav.contains(active));
    const { down, up } = press(tool, ' ', 'Space');
    expect([down.defaultPrevented, up.defaultPrevented]).toEqual([true, true]);
    field.focus();
    typed.release(field);
    expect(field.value).toBe(' ');
    expect(click).not.toHaveBeenCalled();
  });

  it('lets keys through and stops holding when focus is somewhere the keys are meant for', () => {
    const { tool, other, nav } = page();
    const typed = holdTypedAhead((active) => nav.contains(active));
    other.focus();
    expect(press(other, 'a').down.defaultPrevented).toBe(false);
    tool.focus();
    expect(press(tool, 'b').down.defaultPrevented).toBe(false);
    expect(typed.release(other)).toBe('');
  });

  it('stops holding after its timeout when no field ever appears', () => {
    vi.useFakeTimers();
    const { tool, nav } = page();
    tool.focus();
    holdTypedAhead((active) => nav.contains(active), document, 100);
    expect(press(tool, 'a').down.defaultPrevented).toBe(true);
    vi.advanceTimersByTime(100);
    expect(press(tool, 'b').down.defaultPrevented).toBe(false);
  });

  it('ignores chords and non-text keys when a shortcut is pressed', () => {
    const { tool, nav } = page();
    tool.focus();
    holdTypedAhead((active) => nav.contains(active));
    const chord = new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true });
    tool.dispatchEvent(chord);
    expect(chord.defaultPrevented).toBe(false);
    expect(press(tool, 'Enter', 'Enter').down.defaultPrevented).toBe(false);
  });
});
