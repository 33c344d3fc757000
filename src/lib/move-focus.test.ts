// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moveFocusWhenReady, nextAfterLeg } from './move-focus.ts';

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

describe('moveFocusWhenReady', () => {
  it('focuses the target once it appears and makes a region focusable from script when it was not', async () => {
    const button = add('button', {}, 'Send retry');
    button.focus();
    moveFocusWhenReady(() => document.querySelector('section'), { from: button, intervalMs: 5 });
    button.remove();
    const region = add('section', { 'aria-label': 'Result' }, 'Result');
    await vi.waitFor(() => expect(document.activeElement).toBe(region));
    expect(region.getAttribute('tabindex')).toBe('-1');
  });

  it('never takes focus from a field the user moved to while waiting', async () => {
    const button = add('button', {}, 'Call tool');
    const other = add('input', { 'aria-label': 'Search legs' });
    button.focus();
    const stop = moveFocusWhenReady(() => document.querySelector('section'), { from: button, intervalMs: 5 });
    other.focus();
    add('section', { 'aria-label': 'Result' });
    await new Promise((r) => setTimeout(r, 40));
    expect(document.activeElement).toBe(other);
    stop();
  });

  it('waits while not ready and for a disabled target to be enabled', async () => {
    const target = add('button', { disabled: '' }, 'Send retry');
    let ready = false;
    moveFocusWhenReady(() => target, { intervalMs: 5, ready: () => ready });
    target.removeAttribute('disabled');
    await new Promise((r) => setTimeout(r, 20));
    expect(document.activeElement).toBe(document.body);
    ready = true;
    await vi.waitFor(() => expect(document.activeElement).toBe(target));
  });

  it('focuses a replacement when a re-render swaps the focused target within the settle time', async () => {
    const first = add('section', { 'aria-label': 'Result' });
    moveFocusWhenReady(() => document.querySelector('section'), { intervalMs: 5, settleMs: 200 });
    expect(document.activeElement).toBe(first);
    first.remove();
    const second = add('section', { 'aria-label': 'Result' });
    await vi.waitFor(() => expect(document.activeElement).toBe(second));
  });
});

describe('nextAfterLeg', () => {
  it('prefers the first unanswered request over the Result when a round asks again', () => {
    add('section', { 'aria-label': 'Result' });
    add('section', { role: 'group', 'data-input-request': 'a', 'data-answered': 'true' });
    const pending = add('section', { role: 'group', 'data-input-request': 'b', 'data-answered': 'false' });
    expect(nextAfterLeg()).toBe(pending);
    pending.remove();
    expect(nextAfterLeg()?.getAttribute('aria-label')).toBe('Result');
  });
});
