/**
 * The mock's one source of time: task jobs (`job.sleep`), task timestamps and TTL sweeps, sealed-state expiry and the
 * progress steps all read it, so a test can drive time explicitly (`createManualClock` in clock.fixtures.ts) instead
 * of waiting. The real mock uses `realClock`. (Signed state expires on the SDK codec's own `Date.now`: tests move it
 * with `vi.setSystemTime`, which `realClock.now` follows too.)
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
