import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from './clock.fixtures.ts';
import { realClock, restartableAfter } from './clock.ts';

describe('realClock', () => {
  it('resolves a sleep when its time has come and follows a faked Date', async () => {
    vi.useFakeTimers();
    try {
      let woke = false;
      const sleeping = realClock.sleep(1000).then(() => (woke = true));
      await vi.advanceTimersByTimeAsync(999);
      expect(woke).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await sleeping;
      expect(woke).toBe(true);
      vi.setSystemTime(Date.UTC(2030, 0, 1));
      expect(realClock.now()).toBe(Date.UTC(2030, 0, 1));
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects a sleep with the reason when its signal aborts, at once when already aborted', async () => {
    const stop = new AbortController();
    const sleeping = realClock.sleep(60_000, stop.signal);
    stop.abort(new Error('stopped'));
    await expect(sleeping).rejects.toThrow('stopped');
    await expect(realClock.sleep(1, stop.signal)).rejects.toThrow('stopped');
  });
});

describe('createManualClock', () => {
  it('wakes sleepers earliest first when advanced, letting a woken job sleep again within the same advance', async () => {
    const clock = createManualClock(0);
    const log: string[] = [];
    void (async () => {
      await clock.sleep(300);
      log.push(`a@${clock.now()}`);
      await clock.sleep(300);
      log.push(`a@${clock.now()}`);
    })();
    void clock.sleep(400).then(() => log.push(`b@${clock.now()}`));
    await clock.advance(500);
    expect(log).toEqual(['a@300', 'b@400']);
    expect(clock.now()).toBe(500);
    expect(clock.sleeping).toBe(1);
    await clock.advance(100);
    expect(log).toEqual(['a@300', 'b@400', 'a@600']);
    expect(clock.sleeping).toBe(0);
  });

  it('drops an aborted sleeper', async () => {
    const clock = createManualClock(0);
    const stop = new AbortController();
    const sleeping = clock.sleep(100, stop.signal);
    stop.abort(new Error('gone'));
    await expect(sleeping).rejects.toThrow('gone');
    expect(clock.sleeping).toBe(0);
  });
});

describe('restartableAfter', () => {
  it('runs once its time has passed since the last restart, and never after a cancel', async () => {
    const clock = createManualClock(0);
    const fired: number[] = [];
    const t = restartableAfter(clock, 100, () => fired.push(clock.now()));
    await clock.advance(80);
    t.restart();
    await clock.advance(80);
    expect(fired).toEqual([]);
    await clock.advance(20);
    expect(fired).toEqual([180]);
    const u = restartableAfter(clock, 100, () => fired.push(-1));
    u.cancel();
    u.restart();
    await clock.advance(500);
    expect(fired).toEqual([180]);
  });

  it('refreshes a real timer in place', async () => {
    vi.useFakeTimers();
    try {
      const fired: string[] = [];
      const t = restartableAfter(realClock, 100, () => fired.push('idle'));
      vi.advanceTimersByTime(80);
      t.restart();
      vi.advanceTimersByTime(80);
      expect(fired).toEqual([]);
      vi.advanceTimersByTime(20);
      expect(fired).toEqual(['idle']);
      const u = restartableAfter(realClock, 100, () => fired.push('cancelled'));
      u.cancel();
      u.restart();
      vi.advanceTimersByTime(500);
      expect(fired).toEqual(['idle']);
    } finally {
      vi.useRealTimers();
    }
  });
});
