/**
 * The node side's one source of time. The mock: task jobs (`job.sleep`), task timestamps and TTL sweeps, sealed-state expiry and the
 * progress steps all read it, so a test can drive time explicitly (`createManualClock` in clock.fixtures.ts) instead
 * of waiting. The real mock uses `realClock`. (Signed state expires on the SDK codec's own `Date.now`: tests move it
 * with `vi.setSystemTime`, which `realClock.now` follows too.) The relay and the proxies: their idle and total limits per forwarded request (`after`).
 */
export interface Clock {
  /** ms epoch */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason once `signal` aborts (at once when already aborted). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal!.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/** Runs `fn` once `ms` have passed on `clock`; returns what cancels it (a timer a manual clock can drive). */
export function after(clock: Clock, ms: number, fn: () => void): () => void {
  // the real clock's sleep is a timer: set one directly (a forwarded leg sets and cancels several, and cancelling a
  // sleep costs an abort, its DOMException and a rejected promise each time)
  if (clock === realClock) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  }
  const stop = new AbortController();
  clock.sleep(ms, stop.signal).then(fn, () => undefined);
  return () => stop.abort();
}

/**
 * `after`, with `restart` running the wait again from now (an idle limit a chunk restarts): a real timer is refreshed
 * in place rather than cleared and set anew. After `cancel`, `restart` does nothing.
 */
export function restartableAfter(clock: Clock, ms: number, fn: () => void): { restart(): void; cancel(): void } {
  let live = true;
  if (clock === realClock) {
    const timer = setTimeout(fn, ms);
    return {
      restart: () => void (live && timer.refresh()),
      cancel: () => {
        live = false;
        clearTimeout(timer);
      },
    };
  }
  let cancel = after(clock, ms, fn);
  return {
    restart: () => {
      if (!live) return;
      cancel();
      cancel = after(clock, ms, fn);
    },
    cancel: () => {
      live = false;
      cancel();
    },
  };
}
