import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from './clock.fixtures.ts';
import { realClock } from './clock.ts';

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
