/**
 * An in-memory Web Locks manager (exclusive locks, `ifAvailable`, `steal`, `signal`) with the browser's behaviour, for
 * tests of the tab lock and of persistence: share one between the "tabs" of one "browser".
 */
import type { LockRequester } from './tab-lock.ts';

interface Pending {
  callback: (lock: Lock | null) => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

const abortError = () => Object.assign(new Error('the lock request was aborted'), { name: 'AbortError' });

/** An in-memory lock manager (exclusive locks, `ifAvailable`, `steal`, `signal`) for tests: share one between "tabs". */
export function createMemoryLocks(): LockRequester & { holder(name: string): boolean } {
  const held = new Map<string, Pending>();
  const queues = new Map<string, Pending[]>();
  const queueOf = (name: string) => queues.get(name) ?? (queues.set(name, []).get(name) as Pending[]);

  const grant = (name: string, p: Pending) => {
    held.set(name, p);
    // like the browser, the callback runs in a later task
    void Promise.resolve()
      .then(() => p.callback({ name, mode: 'exclusive' } as Lock))
      .then(
        (value) => settle(name, p, () => p.resolve(value)),
        (err: unknown) => settle(name, p, () => p.reject(err)),
      );
  };
  const settle = (name: string, p: Pending, done: () => void) => {
    if (held.get(name) !== p) return; // stolen: its promise was already rejected
    held.delete(name);
    done();
    const next = queueOf(name).shift();
    if (next) grant(name, next);
  };

  return {
    holder: (name) => held.has(name),
    request(name, options, callback) {
      return new Promise((resolve, reject) => {
        const p: Pending = { callback, resolve, reject };
        if (options.steal) {
          const previous = held.get(name);
          held.delete(name);
          previous?.reject(abortError());
          return grant(name, p);
        }
        const busy = held.has(name) || queueOf(name).length > 0;
        if (!busy) return grant(name, p);
        if (options.ifAvailable) {
          void Promise.resolve()
            .then(() => callback(null))
            .then(resolve, reject);
          return;
        }
        if (options.signal?.aborted) return reject(abortError());
        queueOf(name).push(p);
        options.signal?.addEventListener('abort', () => {
          const q = queueOf(name);
          const at = q.indexOf(p);
          if (at < 0) return;
          q.splice(at, 1);
          reject(abortError());
        });
      });
    },
  };
}
