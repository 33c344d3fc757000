import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/storage/memory-storage.fixtures.ts';
import { testSession, TEST_TOKEN } from '../../session/io/session.fixtures.ts';
import { createPersistence } from './persistence.ts';
import { newStore, statusBecomes } from './persistence.fixtures.ts';
import { readSaved } from './persistence-load.ts';

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

  it('refuses an empty protocol version from storage as the setter does, keeping the default and saying so', async () => {
    const storage = createMemoryStorage();
    await createPersistence(used(), { storage }).flush();
    const saved = JSON.parse(storage.data.get('inspector/connection')!) as {
      protocolVersion: string;
      savedConnections: { protocolVersion: string }[];
    };
    saved.protocolVersion = ' ';
    saved.savedConnections[0]!.protocolVersion = '';
    storage.data.set('inspector/connection', JSON.stringify(saved));
    const store = newStore();
    const report = await createPersistence(store, { storage }).load();
    expect(store.getState().protocolVersion).toBe('2026-07-28');
    expect(store.getState().savedConnections[0]!.protocolVersion).toBe('2026-07-28');
    expect(report.problems).toEqual([
      'A saved protocol version was empty (an empty MCP-Protocol-Version would be refused): 2026-07-28 is used instead.',
    ]);
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
