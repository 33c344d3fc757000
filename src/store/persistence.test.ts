import { afterEach, describe, expect, it } from 'vitest';
import type { QuietGate } from '../lib/input-activity.ts';
import { createMemoryStorage } from '../lib/storage/memory-storage.ts';
import { createMemoryLocks } from '../lib/memory-locks.ts';
import { createTabLock, type TabLock } from '../lib/tab-lock.ts';
import { pickConversations } from '../session/io/merge.ts';
import { testSession, TEST_TOKEN } from '../session/io/session.fixtures.ts';
import { createInspectorStore } from './inspector-store.ts';
import { createPersistence, type Persistence, type PersistenceStatus } from './persistence.ts';
import { readSaved } from './persistence-load.ts';

function newStore() {
  return createInspectorStore({ fetchFor: () => () => Promise.reject(new Error('offline')), now: () => 0 });
}

function used() {
  const store = newStore();
  store.getState().dispatch({ type: 'session/replaced', state: testSession() });
  store.getState().setServerUrl('http://127.0.0.1:9999/mcp');
  store.getState().connect();
  store.getState().setBearerToken(TEST_TOKEN);
  store.getState().setCustomHeaders({ 'X-Team': 'blue', 'X-Api-Key': 'key-abc' });
  store.getState().setNotSecret('X-Team', true);
  store.getState().setRoundCap(4);
  store.getState().select({ kind: 'tool', name: 'provision' });
  store.getState().selectConversation('c1');
  store.getState().selectLeg('leg-2');
  store.getState().saveConnection('staging');
  return store;
}

/** Resolves with the status once `ok` holds: checked now and on every status change (no polling). */
function statusBecomes(persistence: Persistence, ok: (s: PersistenceStatus) => boolean): Promise<PersistenceStatus> {
  return new Promise((resolve) => {
    const check = () => {
      const status = persistence.status();
      if (!ok(status)) return;
      off();
      resolve(status);
    };
    const off = persistence.subscribe(check);
    check();
  });
}

describe('persistence', () => {
  it('brings back the session, connection settings and selection when a new page loads', async () => {
    const storage = createMemoryStorage();
    const first = used();
    await createPersistence(first, { storage }).flush();

    const second = newStore();
    const report = await createPersistence(second, { storage }).load();
    expect(report).toEqual({ restored: true, problems: [] });
    const s = second.getState();
    expect(s.session.order).toEqual(['c1', 'c3', 'c2']);
    expect(s.session.legs['leg-2']!.outcome.kind).toBe('complete');
    expect(s.connectedUrl).toBe('http://127.0.0.1:9999/mcp');
    expect(s.roundCap).toBe(4);
    expect(s.selection).toEqual({ kind: 'tool', name: 'provision' });
    expect([s.selectedConversationId, s.selectedLegId]).toEqual(['c1', 'leg-2']);
    expect(s.savedConnections.map((c) => [c.label, c.url, c.bearerToken, c.customHeaders])).toEqual([
      ['staging', 'http://127.0.0.1:9999/mcp', '', { 'X-Team': 'blue' }],
    ]);
    expect(s.activeConnectionId).toBe(s.savedConnections[0]!.id);
  });

  it('never writes the bearer token or secret headers when saving', async () => {
    const storage = createMemoryStorage();
    await createPersistence(used(), { storage }).flush();
    const everything = [...storage.data.values()].join('\n');
    expect(everything).not.toContain(TEST_TOKEN);
    expect(everything).not.toContain('key-abc');
    expect(everything).toContain('"X-Team":"blue"');
  });

  it('saves after the debounce when the store changes', async () => {
    const storage = createMemoryStorage();
    const store = newStore();
    const persistence = createPersistence(store, { storage, debounceMs: 5 });
    const stop = persistence.start();
    store.getState().dispatch({ type: 'session/replaced', state: testSession() });
    expect(persistence.status().kind).toBe('saving');
    expect(storage.data.has('inspector/session')).toBe(false);
    await statusBecomes(persistence, (st) => st.kind === 'saved');
    expect(persistence.status()).toMatchObject({ conversations: 3, legs: 3 });
    stop();
    expect(storage.data.get('inspector/session')).toContain('"leg-2"');
  });

  it('notifies its readers only when the status changes when a debounced save runs', async () => {
    const storage = createMemoryStorage();
    const store = newStore();
    const persistence = createPersistence(store, { storage, debounceMs: 5 });
    const seen: string[] = [];
    persistence.subscribe(() => seen.push(persistence.status().kind));
    const stop = persistence.start();
    store.getState().dispatch({ type: 'session/replaced', state: testSession() });
    await statusBecomes(persistence, (st) => st.kind === 'saved');
    stop();
    // "Saving…" once at the change, "Saved" once at the end: the save itself does not announce "saving" again
    expect(seen).toEqual(['saving', 'saved']);
  });

  it('sets corrupted session data aside and still restores the settings when the session cannot be read', async () => {
    const storage = createMemoryStorage();
    await createPersistence(used(), { storage }).flush();
    const broken = storage.data.get('inspector/session')!.replace('"nextRpcId":', '"nextRpcId":"x","was":');
    storage.data.set('inspector/session', broken);

    const store = newStore();
    const persistence = createPersistence(store, { storage });
    const report = await persistence.load();
    expect(report.problems).toEqual([
      'The saved session could not be read (session.nextRpcId: Invalid input: expected number, received string). It was set aside, not deleted, and a new session started; connection settings were still restored.',
    ]);
    expect(store.getState().session.order).toEqual([]);
    expect(store.getState().connectedUrl).toBe('http://127.0.0.1:9999/mcp');
    // what is set aside is the whole session file (the index with its legs and conversations in place)
    const [aside] = await persistence.unreadable();
    expect(aside?.key).toBe('inspector/session');
    expect(JSON.parse(aside!.text)).toMatchObject({
      format: 'mrtr-inspector-session',
      session: { nextRpcId: 'x', order: ['c1', 'c3', 'c2'], legs: { 'leg-2': { id: 'leg-2' } } },
    });
  });

  it('still restores the session when only the settings are corrupted', async () => {
    const storage = createMemoryStorage();
    await createPersistence(used(), { storage }).flush();
    storage.data.set('inspector/connection', '{"serverUrl": 5');
    const store = newStore();
    const report = await createPersistence(store, { storage }).load();
    expect(report.problems[0]).toMatch(
      /^The saved connection settings could not be read \(not valid JSON: .+\); defaults are used\.$/,
    );
    expect(store.getState().session.order).toEqual(['c1', 'c3', 'c2']);
  });

  it('reports a full storage and keeps the session in the tab when a save is refused', async () => {
    const storage = createMemoryStorage({ quotaChars: 2_000 });
    const store = used();
    const persistence = createPersistence(store, { storage });
    await persistence.flush();
    expect(persistence.status()).toEqual({
      kind: 'error',
      message:
        'Browser storage is full: the latest changes (3 conversations, 3 legs) are kept in this tab but not saved. Export the session to keep them, or clear old conversations.',
    });
    expect(store.getState().session.order).toEqual(['c1', 'c3', 'c2']);
  });

  it('empties the session but keeps the settings when the session is cleared', async () => {
    const storage = createMemoryStorage();
    const store = used();
    const persistence = createPersistence(store, { storage });
    await persistence.flush();
    await persistence.clearSession();
    expect(store.getState().session.order).toEqual([]);
    expect(store.getState().selectedConversationId).toBeNull();

    const again = newStore();
    await createPersistence(again, { storage }).load();
    expect(again.getState().session.order).toEqual([]);
    expect(again.getState().connectedUrl).toBe('http://127.0.0.1:9999/mcp');
  });
  it('restores from texts read ahead of the store when load is given them', async () => {
    const storage = createMemoryStorage();
    await createPersistence(used(), { storage }).flush();
    const ahead = readSaved(storage);
    const store = newStore();
    const report = await createPersistence(store, { storage: createMemoryStorage() }).load(ahead);
    expect(report).toEqual({ restored: true, problems: [] });
    expect(store.getState().session.order).toEqual(['c1', 'c3', 'c2']);
    expect(store.getState().selectedLegId).toBe('leg-2');
  });

  it('reports storage that cannot be opened and restores nothing when reading fails', async () => {
    const storage = createMemoryStorage();
    storage.get = () => Promise.reject(new Error('blocked by policy'));
    const store = newStore();
    const report = await createPersistence(store, { storage }).load();
    expect(report).toEqual({
      restored: false,
      problems: ['Browser storage could not be opened (blocked by policy); this session will not be saved.'],
    });
    expect(store.getState().session.order).toEqual([]);
  });
});

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
