import { afterEach, describe, expect, it, vi } from 'vitest';
import { moveFocusWhenReady } from './move-focus.ts';

afterEach(() => {
  document.body.replaceChildren();
});

/** Appends `<tag ...attrs>text</tag>` to the body, built with DOM calls (no HTML parsing). */
function add(tag: string, attrs: Record<string, string> = {}, text = ''): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  if (text) el.textContent = text;
  document.body.append(el);
  return el;
}

/** Lets the page's MutationObserver callbacks run (they are microtasks). */
const changesSeen = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('moveFocusWhenReady', () => {
  it('focuses the target once it appears and makes a region focusable from script when it was not', async () => {
    const button = add('button', {}, 'Send retry');
    button.focus();
    const stop = moveFocusWhenReady(() => document.querySelector('section'), { from: button });
    button.remove();
    const region = add('section', { 'aria-label': 'Result' }, 'Result');
    await changesSeen();
    expect(document.activeElement).toBe(region);
    expect(region.getAttribute('tabindex')).toBe('-1');
    stop();
  });

  it('never takes focus from a field the user moved to while waiting', async () => {
    const button = add('button', {}, 'Call tool');
    const other = add('input', { 'aria-label': 'Search legs' });
    button.focus();
    const stop = moveFocusWhenReady(() => document.querySelector('section'), { from: button });
    other.focus();
    add('section', { 'aria-label': 'Result' });
    await changesSeen();
    expect(document.activeElement).toBe(other);
    stop();
  });

  it('waits for a disabled target to be enabled', async () => {
    const target = add('button', { disabled: '' }, 'Send retry');
    const stop = moveFocusWhenReady(() => target);
    expect(document.activeElement).toBe(document.body);
    target.removeAttribute('disabled');
    await changesSeen();
    expect(document.activeElement).toBe(target);
    stop();
  });

  it('focuses a replacement when a re-render swaps the focused target within the settle time', async () => {
    vi.useFakeTimers();
    try {
      const first = add('section', { 'aria-label': 'Result' });
      moveFocusWhenReady(() => document.querySelector('section'), { settleMs: 200 });
      expect(document.activeElement).toBe(first);
      first.remove();
      const second = add('section', { 'aria-label': 'Result' });
      await changesSeen();
      expect(document.activeElement).toBe(second);
      // past the settle time the watch is over: a later replacement is left alone
      vi.advanceTimersByTime(200);
      second.remove();
      add('section', { 'aria-label': 'Result' });
      await changesSeen();
      expect(document.activeElement).toBe(document.body);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up without moving focus when the target never appears in time', async () => {
    vi.useFakeTimers();
    try {
      moveFocusWhenReady(() => document.querySelector('section'), { timeoutMs: 1000 });
      vi.advanceTimersByTime(1000);
      add('section', { 'aria-label': 'Result' });
      await changesSeen();
      expect(document.activeElement).toBe(document.body);
    } finally {
      vi.useRealTimers();
    }
  });
});
