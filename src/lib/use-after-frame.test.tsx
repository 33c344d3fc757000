import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterFrame } from './use-after-frame.ts';

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

describe('useAfterFrame', () => {
  it('shows the first value at once and a change only after the next frame', async () => {
    const frames = manualFrames();
    const { result, rerender } = renderHook(({ v }) => useAfterFrame(v, frames.wait), { initialProps: { v: 'a' } });
    expect(result.current).toBe('a');
    expect(frames.waits()).toBe(0);
    rerender({ v: 'b' });
    expect(result.current).toBe('a');
    await frames.paint();
    expect(result.current).toBe('b');
  });

  it('shows changes that come before the frame together, the latest, with one wait', async () => {
    const frames = manualFrames();
    const { result, rerender } = renderHook(({ v }) => useAfterFrame(v, frames.wait), { initialProps: { v: 1 } });
    rerender({ v: 2 });
    rerender({ v: 3 });
    rerender({ v: 4 });
    expect(frames.waits()).toBe(1);
    expect(result.current).toBe(1);
    await frames.paint();
    expect(result.current).toBe(4);
  });
});
