import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePacedViews } from './paced-views.ts';

/** A frame the test paints by hand: every wait started before `paint()` resolves then. */
function manualFrames() {
  let pending: (() => void)[] = [];
  return {
    wait: () => new Promise<void>((resolve) => pending.push(resolve)),
    waits: () => pending.length,
    paint: async () => {
      const now = pending;
      pending = [];
      await act(async () => now.forEach((resolve) => resolve()));
    },
  };
}

interface State {
  session: string;
  selected: string;
}

function paced(initial: State) {
  const frames = manualFrames();
  const hook = renderHook(({ s }) => usePacedViews(s, frames.wait), { initialProps: { s: initial } });
  return { frames, hook };
}

describe('usePacedViews', () => {
  it('shows the first state everywhere at once, waiting for no frame', () => {
    const first = { session: 'a', selected: 'x' };
    const { frames, hook } = paced(first);
    expect(hook.result.current.list).toBe(first);
    expect(hook.result.current.detail).toBe(first);
    expect(frames.waits()).toBe(0);
  });

  it('gives the list a new session and the details only after the next painted frame', async () => {
    const { frames, hook } = paced({ session: 'a', selected: 'x' });
    const next = { session: 'b', selected: 'x' };
    hook.rerender({ s: next });
    expect(hook.result.current.list).toBe(next);
    expect(hook.result.current.detail.session).toBe('a');
    await frames.paint();
    expect(hook.result.current.detail).toBe(next);
  });

  it('shows a change that leaves the session as it was (a selection) in the details at once', () => {
    const { hook } = paced({ session: 'a', selected: 'x' });
    const picked = { session: 'a', selected: 'y' };
    hook.rerender({ s: picked });
    expect(hook.result.current.detail).toBe(picked);
  });

  it('shows session changes that come before the frame together, the latest, with one wait', async () => {
    const { frames, hook } = paced({ session: 'a', selected: 'x' });
    hook.rerender({ s: { session: 'b', selected: 'x' } });
    hook.rerender({ s: { session: 'c', selected: 'x' } });
    const last = { session: 'd', selected: 'y' };
    hook.rerender({ s: last });
    expect(frames.waits()).toBe(1);
    expect(hook.result.current.detail.session).toBe('a');
    await frames.paint();
    expect(hook.result.current.detail).toBe(last);
  });
});
