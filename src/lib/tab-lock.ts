/**
 * Which tab may write the saved session: a Web Lock held for the tab's lifetime (`navigator.locks`), so two tabs of the
 * inspector never overwrite each other's saved work.
 *
 * - At start the tab asks with `ifAvailable`: it holds the lock ('held', how 'free') or another tab does
 *   ('elsewhere', how 'found').
 * - `takeOver` steals the lock; the tab it was taken from learns at once ('elsewhere', how 'taken').
 * - A tab without the lock waits in the lock's queue. When the holder closes, the lock is let go again at once and
 *   asked for after `graceMs`: a holder that was only reloading takes it back in that time (it asks `ifAvailable` as
 *   it starts) and stays the writer. Otherwise this tab holds it ('held', how 'handed-over'): the caller decides what
 *   to do with its own, possibly older, state.
 *
 * Without `navigator.locks` (old browsers, jsdom, node) `soloTabLock` is used: always held, one writer as before.
 * `createMemoryLocks` (memory-locks.fixtures.ts) is an in-memory lock manager with the same behaviour for tests.
 */

type TabLockState =
  | { kind: 'asking' }
  | { kind: 'held'; how: 'free' | 'took-over' | 'handed-over' }
  | { kind: 'elsewhere'; how: 'found' | 'taken' };

export interface TabLock {
  state(): TabLockState;
  /** called on every state change */
  subscribe(listener: () => void): () => void;
  /** resolves once the first answer is known (no longer 'asking') */
  settled(): Promise<void>;
  /** take the lock from the tab that holds it (nothing when this tab holds it) */
  takeOver(): Promise<void>;
  /** let go of the lock and stop waiting for it (the tab is going away) */
  release(): void;
}

/** The part of `navigator.locks` used here. */
export interface LockRequester {
  request(
    name: string,
    options: { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal },
    callback: (lock: Lock | null) => unknown,
  ): Promise<unknown>;
}

export interface TabLockOptions {
  /** the lock manager (default `navigator.locks`; none: `soloTabLock`) */
  locks?: LockRequester | undefined;
  /** how long a freed lock is left for a reloading holder before this tab takes it, ms */
  graceMs?: number;
}

const HELD_FREE: TabLockState = { kind: 'held', how: 'free' };

/** One writer and no other tabs: the lock is always held. */
export function soloTabLock(): TabLock {
  return {
    state: () => HELD_FREE,
    subscribe: () => () => {},
    settled: () => Promise.resolve(),
    takeOver: () => Promise.resolve(),
    release: () => {},
  };
}

function browserLocks(): LockRequester | undefined {
  const nav = (globalThis as { navigator?: { locks?: LockRequester } }).navigator;
  return nav?.locks;
}

export function createTabLock(name: string, opts: TabLockOptions = {}): TabLock {
  const locks = 'locks' in opts ? opts.locks : browserLocks();
  if (!locks) return soloTabLock();
  const graceMs = opts.graceMs ?? 3_000;
  let current: TabLockState = { kind: 'asking' };
  const listeners = new Set<() => void>();
  let markSettled: () => void = () => {};
  const settled = new Promise<void>((resolve) => (markSettled = resolve));
  const set = (next: TabLockState) => {
    current = next;
    if (next.kind !== 'asking') markSettled();
    listeners.forEach((l) => l());
  };
  // ends the request that holds the lock; each hold has its own token so a late rejection is not misread
  let letGo: (() => void) | undefined;
  let holdToken = 0;
  let queued: AbortController | undefined;
  let grace: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const hold = (how: 'free' | 'took-over' | 'handed-over') => {
    const token = ++holdToken;
    set({ kind: 'held', how });
    return {
      token,
      until: new Promise<void>((resolve) => (letGo = resolve)),
    };
  };
  // a held request rejects (AbortError) when another tab steals the lock
  const watch = (request: Promise<unknown>, token: () => number | undefined) => {
    request.catch(() => {
      if (closed || token() !== holdToken || current.kind !== 'held') return;
      letGo = undefined;
      set({ kind: 'elsewhere', how: 'taken' });
      wait();
    });
  };

  const askNow = (how: 'free' | 'handed-over') => {
    let mine: number | undefined;
    const request = locks.request(name, { ifAvailable: true }, (lock) => {
      if (closed) return undefined;
      if (!lock) {
        set({ kind: 'elsewhere', how: current.kind === 'elsewhere' ? current.how : 'found' });
        wait();
        return undefined;
      }
      const held = hold(how);
      mine = held.token;
      return held.until;
    });
    watch(request, () => mine);
  };

  // wait in the queue; when the holder is gone, let the lock go again and ask after the grace period
  const wait = () => {
    queued?.abort();
    const ctl = new AbortController();
    queued = ctl;
    locks
      .request(name, { signal: ctl.signal }, () => undefined)
      .then(
        () => {
          if (ctl.signal.aborted || closed || queued !== ctl) return;
          queued = undefined;
          grace = setTimeout(() => askNow('handed-over'), graceMs);
        },
        () => undefined, // aborted: this tab took the lock or went away
      );
  };

  askNow('free');

  return {
    state: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settled: () => settled,
    async takeOver() {
      if (closed || current.kind === 'held') return;
      queued?.abort();
      queued = undefined;
      if (grace) clearTimeout(grace);
      await new Promise<void>((resolve, reject) => {
        let mine: number | undefined;
        const request = locks.request(name, { steal: true }, (lock) => {
          if (!lock) return undefined;
          const held = hold('took-over');
          mine = held.token;
          resolve();
          return held.until;
        });
        watch(request, () => mine);
        request.catch(reject);
      });
    },
    release() {
      closed = true;
      queued?.abort();
      if (grace) clearTimeout(grace);
      letGo?.();
      letGo = undefined;
    },
  };
}
