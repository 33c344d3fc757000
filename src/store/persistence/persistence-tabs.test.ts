import { afterEach, describe, expect, it } from 'vitest';
import type { QuietGate } from '../../lib/input-activity.ts';
import { createMemoryStorage } from '../../lib/storage/memory-storage.fixtures.ts';
import { createMemoryLocks } from '../../lib/memory-locks.fixtures.ts';
import { createTabLock, type TabLock } from '../../lib/tab-lock.ts';
import { pickConversations } from '../../session/io/merge.ts';
import { testSession } from '../../session/io/session.fixtures.ts';
import { createPersistence } from './persistence.ts';
import { newStore, statusBecomes } from './persistence.fixtures.ts';

describe('persistence with two tabs', () => {
  const tabs: TabLock[] = [];
  afterEach(() => tabs.splice(0).forEach((t) => t.release()));

  /** A tab of one browser: its own store and lock, the browser's storage and lock manager. */
  async function openTab(
    browser: { storage: ReturnType<typeof createMemoryStorage>; locks: ReturnType<typeof createMemoryLocks> },
    quietGate?: QuietGate,
  ) {
    const tabLock = createTabLock('writer', { locks: browser.locks, graceMs: 5 });
    tabs.push(tabLock);
    const store = newStore();
    const persistence = createPersistence(store, {
      storage: browser.storage,
      debounceMs: 1,
      tabLock,
      ...(quietGate && { quietGate }),
    });
    await persistence.load();
    await tabLock.settled();
    return { store, persistence, tabLock };
  }
  const browser = () => ({ storage: createMemoryStorage(), locks: createMemoryLocks() });
  const only = (ids: string[]) => pickConversations(testSession(), ids);
  const savedOrder = async (storage: ReturnType<typeof createMemoryStorage>) => {
    const store = newStore();
    await createPersistence(store, { storage }).load();
    return store.getState().session.order;
  };

  it('writes nothing and says another tab saves when a second tab opens the session', async () => {
    const b = browser();
    const first = await openTab(b);
    first.store.getState().dispatch({ type: 'session/replaced', state: only(['c1']) });
    await first.persistence.flush();
    const second = await openTab(b);
    expect(second.store.getState().session.order).toEqual(['c1']);
    const before = new Map(b.storage.data);

    const stop = second.persistence.start();
    second.store.getState().dispatch({ type: 'session/replaced', state: testSession() });
    second.store.getState().setRoundCap(9);
    expect(second.persistence.status()).toEqual({ kind: 'other-tab', situation: 'open-elsewhere' });
    await second.persistence.flush();
    stop();
    expect(b.storage.data).toEqual(before);
    expect(second.store.getState().session.order).toEqual(['c1', 'c3', 'c2']);
  });

  it('writes the whole session from this tab and stops the other when the user takes over', async () => {
    const b = browser();
    const first = await openTab(b);
    const stopFirst = first.persistence.start();
    first.store.getState().dispatch({ type: 'session/replaced', state: testSession() });
    await first.persistence.flush();
    const second = await openTab(b);
    // the second tab's own session: one conversation (it was opened before the first tab saved the other two)
    second.store.getState().dispatch({ type: 'session/replaced', state: only(['c2']) });

    await second.persistence.saveFromThisTab();
    expect(second.persistence.status()).toMatchObject({ kind: 'saved', conversations: 1 });
    expect(await savedOrder(b.storage)).toEqual(['c2']);
    await statusBecomes(first.persistence, (st) => st.kind === 'other-tab');
    expect(first.persistence.status()).toEqual({ kind: 'other-tab', situation: 'taken-over' });

    // the first tab keeps its work in memory but no longer writes it
    first.store.getState().dispatch({ type: 'session/replaced', state: only(['c1']) });
    await first.persistence.flush();
    stopFirst();
    expect(first.store.getState().session.order).toEqual(['c1']);
    expect(await savedOrder(b.storage)).toEqual(['c2']);
  });

  it('stops before its next write when another tab takes over during a save', async () => {
    const b = browser();
    let open = () => {};
    let quiet = false;
    const gate: QuietGate = {
      whenQuiet: () =>
        quiet ? Promise.resolve(true) : new Promise<boolean>((resolve) => (open = () => resolve(true))),
    };
    const first = await openTab(b, gate);
    const second = await openTab(b);
    first.store.getState().dispatch({ type: 'session/replaced', state: testSession() });
    const saving = first.persistence.flush();
    await statusBecomes(first.persistence, (st) => st.kind === 'saving');

    second.store.getState().dispatch({ type: 'session/replaced', state: only(['c2']) });
    await second.persistence.saveFromThisTab();
    await statusBecomes(first.persistence, (st) => st.kind === 'other-tab');
    expect(first.persistence.status()).toEqual({ kind: 'other-tab', situation: 'taken-over' });
    // the first tab's save was waiting for a pause in the input: it now goes on, and must not write
    quiet = true;
    open();
    await saving;
    expect(await savedOrder(b.storage)).toEqual(['c2']);
    expect([...b.storage.data.keys()].filter((k) => k.includes('/l/'))).toEqual(['inspector/session/l/leg-3']);
  });

  it('waits for the user and writes nothing when the saving tab closes, then saves on the choice', async () => {
    const b = browser();
    const first = await openTab(b);
    first.store.getState().dispatch({ type: 'session/replaced', state: testSession() });
    await first.persistence.flush();
    const second = await openTab(b);
    second.store.getState().dispatch({ type: 'session/replaced', state: only(['c2']) });

    first.tabLock.release();
    // after the tab lock's grace period for a reloading holder
    await statusBecomes(second.persistence, (st) => st.kind === 'other-tab' && st.situation === 'other-closed');
    await second.persistence.flush();
    expect(await savedOrder(b.storage)).toEqual(['c1', 'c3', 'c2']);

    await second.persistence.saveFromThisTab();
    expect(second.persistence.status()).toMatchObject({ kind: 'saved', conversations: 1 });
    expect(await savedOrder(b.storage)).toEqual(['c2']);
  });

  it('keeps unreadable saved data in memory when a tab that does not save cannot set it aside', async () => {
    const b = browser();
    await openTab(b);
    b.storage.data.set('inspector/ui', '{not json');
    const second = await openTab(b);
    expect(b.storage.data.has('inspector/ui.unreadable')).toBe(false);
    expect(await second.persistence.unreadable()).toEqual([{ key: 'inspector/ui', text: '{not json' }]);
  });
});
