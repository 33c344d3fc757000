import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLocks } from './memory-locks.fixtures.ts';
import { createTabLock, type TabLock } from './tab-lock.ts';

const NAME = 'session-writer';
let open: TabLock[] = [];

/** A "tab" of one browser: every tab of a test shares `locks`. */
function tab(locks: ReturnType<typeof createMemoryLocks>, graceMs = 10): TabLock {
  const lock = createTabLock(NAME, { locks, graceMs });
  open.push(lock);
  return lock;
}

// the grace period is the only timer: fake time moves it on; advancing also runs the lock manager's queued tasks
const advance = (ms = 0) => vi.advanceTimersByTimeAsync(ms);
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  open.forEach((l) => l.release());
  open = [];
  vi.useRealTimers();
});

describe('createTabLock', () => {
  it('holds the lock when no other tab has it', async () => {
    const a = tab(createMemoryLocks());
    expect(a.state()).toEqual({ kind: 'asking' });
    await a.settled();
    expect(a.state()).toEqual({ kind: 'held', how: 'free' });
  });

  it('reports the lock elsewhere when another tab holds it', async () => {
    const locks = createMemoryLocks();
    const a = tab(locks);
    await a.settled();
    const b = tab(locks);
    await b.settled();
    expect(b.state()).toEqual({ kind: 'elsewhere', how: 'found' });
    expect(a.state()).toEqual({ kind: 'held', how: 'free' });
  });

  it('tells the holder at once that it was taken when another tab takes over', async () => {
    const locks = createMemoryLocks();
    const a = tab(locks);
    await a.settled();
    const b = tab(locks);
    await b.settled();
    const seen: string[] = [];
    a.subscribe(() => seen.push(JSON.stringify(a.state())));
    await b.takeOver();
    expect(b.state()).toEqual({ kind: 'held', how: 'took-over' });
    await advance();
    expect(a.state()).toEqual({ kind: 'elsewhere', how: 'taken' });
    expect(seen).toEqual(['{"kind":"elsewhere","how":"taken"}']);
  });

  it('hands the lock to the waiting tab after the grace period when the holder closes', async () => {
    const locks = createMemoryLocks();
    const a = tab(locks);
    await a.settled();
    const b = tab(locks);
    await b.settled();
    a.release();
    await advance(9);
    expect(b.state()).toEqual({ kind: 'elsewhere', how: 'found' });
    await advance(1);
    expect(b.state()).toEqual({ kind: 'held', how: 'handed-over' });
  });

  it('lets a reloading holder take its lock back when it asks within the grace period', async () => {
    const locks = createMemoryLocks();
    const a = tab(locks);
    await a.settled();
    const b = tab(locks, 100);
    await b.settled();
    a.release();
    // the page reloads: the lock is free (b let go of it at once) when the new page asks
    await advance();
    expect(locks.holder(NAME)).toBe(false);
    const reloaded = tab(locks);
    await reloaded.settled();
    expect(reloaded.state()).toEqual({ kind: 'held', how: 'free' });
    // b asked after its grace period, found the lock taken again, and waits in the queue once more
    await advance(100);
    expect(b.state()).toEqual({ kind: 'elsewhere', how: 'found' });
    reloaded.release();
    await advance(100);
    expect(b.state()).toEqual({ kind: 'held', how: 'handed-over' });
  });

  it('gets the lock handed back to the tab it was taken from when the taker closes', async () => {
    const locks = createMemoryLocks();
    const a = tab(locks);
    await a.settled();
    const b = tab(locks);
    await b.settled();
    await b.takeOver();
    await advance();
    expect(a.state().kind).toBe('elsewhere');
    b.release();
    await advance(10);
    expect(a.state()).toEqual({ kind: 'held', how: 'handed-over' });
  });

  it('stops waiting for the lock when the waiting tab is released', async () => {
    const locks = createMemoryLocks();
    const a = tab(locks);
    await a.settled();
    const b = tab(locks);
    await b.settled();
    b.release();
    a.release();
    await advance(40);
    expect(locks.holder(NAME)).toBe(false);
    expect(b.state()).toEqual({ kind: 'elsewhere', how: 'found' });
  });

  it('does nothing when takeOver is called on the tab that holds the lock', async () => {
    const locks = createMemoryLocks();
    const a = tab(locks);
    await a.settled();
    const b = tab(locks);
    await b.settled();
    await a.takeOver();
    expect(a.state()).toEqual({ kind: 'held', how: 'free' });
    expect(b.state()).toEqual({ kind: 'elsewhere', how: 'found' });
  });

  it('always holds the lock when the browser has no lock manager', async () => {
    const a = createTabLock(NAME, { locks: undefined });
    const b = createTabLock(NAME, { locks: undefined });
    await Promise.all([a.settled(), b.settled()]);
    expect([a.state(), b.state()]).toEqual([
      { kind: 'held', how: 'free' },
      { kind: 'held', how: 'free' },
    ]);
  });
});
