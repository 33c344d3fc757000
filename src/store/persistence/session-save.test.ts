import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/storage/memory-storage.fixtures.ts';
import { parseSessionFile, serializeSessionFile, toSessionFile } from '../../session/io/session-file.ts';
import { testSession, TEST_TOKEN } from '../../session/io/session.fixtures.ts';
import type { Leg, SessionState } from '../../session/model.ts';
import { reduce } from '../../session/reducer.ts';
import { createWorkerSerialiser } from './save-serialiser.ts';
import type { SessionFileHeader } from '../../session/io/session-file-header.ts';
import { assembleSessionText, createSessionWriter, legKey } from './session-save.ts';
import { fakeWorker } from './save-worker.fixtures.ts';

const KEY = 'inspector/session';
const header: SessionFileHeader = {
  format: 'mrtr-inspector-session',
  version: 1,
  exportedAt: '2026-01-01T00:00:00.000Z',
  redacted: true,
};

/** A storage that records the keys of every write. */
function recordingStorage() {
  const storage = createMemoryStorage();
  const writes: string[][] = [];
  const setMany = storage.setMany.bind(storage);
  storage.setMany = async (entries, deletes) => {
    writes.push(entries.map(([k]) => k));
    await setMany(entries, deletes);
  };
  return { storage, writes };
}

async function load(storage: ReturnType<typeof createMemoryStorage>) {
  const text = await assembleSessionText(storage, KEY, await storage.get(KEY));
  return parseSessionFile(text ?? '');
}

/** `session` with one more leg recorded on conversation c1 (a copy of leg-1 under a new id). */
function withOneMoreLeg(session: SessionState): SessionState {
  const template = session.legs['leg-1'] as Leg;
  return reduce(session, {
    type: 'leg/recorded',
    conversationId: 'c1',
    legId: 'leg-new',
    rpcId: 99,
    exchange: template.exchange,
    sent: template.sent,
  });
}

/** `session`'s legs plus `count` copies of leg-1 (ids bulk-0…) whose request body is `body`. */
function withBulkLegs(session: SessionState, count: number, body: string): SessionState['legs'] {
  const template = session.legs['leg-1'] as Leg;
  const legs: SessionState['legs'] = { ...session.legs };
  for (let i = 0; i < count; i++) {
    const id = `bulk-${i}`;
    legs[id] = { ...template, id, exchange: { ...template.exchange, request: { ...template.exchange.request, body } } };
  }
  return legs;
}

describe('session save', () => {
  it('reads back the same session, redacted, when it was saved in parts', async () => {
    const storage = createMemoryStorage();
    const session = testSession();
    await createSessionWriter(storage, KEY).save(session, header);
    const loaded = await load(storage);
    expect(loaded.ok && loaded.session.order).toEqual(session.order);
    expect(loaded.ok && Object.keys(loaded.session.legs).sort()).toEqual(Object.keys(session.legs).sort());
    expect([...storage.data.values()].join('\n')).not.toContain(TEST_TOKEN);
  });

  it('writes only the new leg and the small session file when one leg is added', async () => {
    const { storage, writes } = recordingStorage();
    const writer = createSessionWriter(storage, KEY);
    const session = testSession();
    await writer.save(session, header);
    writes.length = 0;
    await writer.save(withOneMoreLeg(session), header);
    expect(writes.flat().sort()).toEqual([KEY, `${KEY}/legs`, legKey(KEY, 'leg-new')].sort());
    expect(storage.data.get(KEY)).not.toContain('"exchange"');
  });

  it('does not write legs again after a reload when storage already holds them', async () => {
    const { storage, writes } = recordingStorage();
    const session = testSession();
    await createSessionWriter(storage, KEY).save(session, header);
    const loaded = await load(storage);
    if (!loaded.ok) throw new Error(loaded.error);
    writes.length = 0;
    await createSessionWriter(storage, KEY).save(withOneMoreLeg(loaded.session), header);
    expect(writes.flat().filter((k) => k.includes('/l/'))).toEqual([legKey(KEY, 'leg-new')]);
  });

  it('deletes the legs of a removed conversation when the session no longer has them', async () => {
    const storage = createMemoryStorage();
    const writer = createSessionWriter(storage, KEY);
    const session = testSession();
    await writer.save(session, header);
    const removed = reduce(session, { type: 'conversation/removed', conversationId: 'c2' });
    expect(Object.keys(removed.legs).length).toBeLessThan(Object.keys(session.legs).length);
    await writer.save(removed, header);
    const legKeys = [...storage.data.keys()].filter((k) => k.startsWith(`${KEY}/l/`)).sort();
    expect(legKeys).toEqual(
      Object.keys(removed.legs)
        .map((id) => legKey(KEY, id))
        .sort(),
    );
    const loaded = await load(storage);
    expect(loaded.ok && loaded.session.order).toEqual(removed.order);
  });

  it('reads a whole session file as it is when storage holds the older layout', async () => {
    const storage = createMemoryStorage();
    const text = serializeSessionFile(toSessionFile(testSession(), { redacted: false, now: 0 }));
    storage.data.set(KEY, text);
    expect(await assembleSessionText(storage, KEY, text)).toBe(text);
    // the first save in parts replaces it
    await createSessionWriter(storage, KEY).save(testSession(), header);
    expect(storage.data.get(KEY)?.startsWith('{"parts":1,')).toBe(true);
    const loaded = await load(storage);
    expect(loaded.ok && loaded.session.order).toEqual(testSession().order);
  });

  it('names the missing leg when a part is gone from storage', async () => {
    const storage = createMemoryStorage();
    await createSessionWriter(storage, KEY).save(testSession(), header);
    storage.data.delete(legKey(KEY, 'leg-2'));
    const loaded = await load(storage);
    expect(loaded.ok).toBe(false);
    expect(!loaded.ok && loaded.error).toContain('leg "leg-2" is not in session.legs');
  });

  it('serialises a large session in several slices when it takes longer than one slice', async () => {
    const { storage, writes } = recordingStorage();
    const base = testSession();
    const legs = withBulkLegs(base, 600, 'x'.repeat(20_000));
    await createSessionWriter(storage, KEY).save({ ...base, legs }, header);
    const legWrites = writes.filter((w) => w.some((k) => k.includes('/l/')));
    expect(legWrites.length).toBeGreaterThan(1);
    expect(legWrites.flat()).toHaveLength(600 + Object.keys(base.legs).length);
  });

  it('writes nothing while the user is busy and everything once the input pauses', async () => {
    const { storage, writes } = recordingStorage();
    let release: () => void = () => {};
    const paused = new Promise<boolean>((resolve) => {
      release = () => resolve(true);
    });
    let asked: () => void = () => {};
    const wasAsked = new Promise<void>((resolve) => (asked = resolve));
    const gate = {
      whenQuiet: () => {
        asked();
        return paused;
      },
    };
    const saving = createSessionWriter(storage, KEY, gate).save(testSession(), header);
    await wasAsked;
    expect(writes).toEqual([]);
    release();
    await saving;
    expect(writes.flat()).toContain(KEY);
    const loaded = await load(storage);
    expect(loaded.ok && Object.keys(loaded.session.legs)).toEqual(Object.keys(testSession().legs));
  });

  it('writes small slices while the user keeps scrolling, and large ones once the input pauses', async () => {
    const base = testSession();
    const legs = withBulkLegs(base, 200, 'y'.repeat(5_000));
    /** characters of leg JSON in each write */
    const legCharsPerWrite = async (quiet: boolean) => {
      const storage = createMemoryStorage();
      const sizes: number[] = [];
      const setMany = storage.setMany.bind(storage);
      storage.setMany = async (entries, deletes) => {
        const legEntries = entries.filter(([k]) => k.includes('/l/'));
        if (legEntries.length) sizes.push(legEntries.reduce((n, [, v]) => n + v.length, 0));
        await setMany(entries, deletes);
      };
      await createSessionWriter(storage, KEY, { whenQuiet: () => Promise.resolve(quiet) }).save(
        { ...base, legs },
        header,
      );
      const loaded = await load(storage);
      expect(loaded.ok && Object.keys(loaded.session.legs).length).toBe(Object.keys(legs).length);
      return sizes;
    };
    const oneLeg = JSON.stringify(legs['bulk-0']).length;
    // busy: a slice stops once it holds 16 KiB of JSON (so at most 16 KiB plus the leg that crossed the line)
    expect(Math.max(...(await legCharsPerWrite(false)))).toBeLessThan(16 * 1024 + oneLeg);
    expect(Math.max(...(await legCharsPerWrite(true)))).toBeGreaterThan(16 * 1024 + oneLeg);
  });

  it('reads back the same session, redacted, with no JSON made on the page when a worker serialises', async () => {
    const base = testSession();
    const legs = withBulkLegs(base, 100, 'z'.repeat(5_000));
    const { worker, seen } = fakeWorker();
    const storage = createMemoryStorage();
    const sizes: number[] = [];
    const setManyHere = storage.setMany.bind(storage);
    storage.setMany = async (entries, deletes) => {
      const legEntries = entries.filter(([k]) => k.includes('/l/'));
      if (legEntries.length) sizes.push(legEntries.reduce((n, [, v]) => n + v.length, 0));
      await setManyHere(entries, deletes);
    };
    const busy = { whenQuiet: () => Promise.resolve(false) };
    const session = { ...base, legs };
    await createSessionWriter(
      storage,
      KEY,
      busy,
      createWorkerSerialiser(() => worker),
    ).save(session, header);
    // every leg and conversation went to the worker
    expect(seen.filter((r) => r.kind === 'leg')).toHaveLength(Object.keys(legs).length);
    expect(seen.filter((r) => r.kind === 'conversation')).toHaveLength(base.order.length);
    const loaded = await load(storage);
    expect(loaded.ok && Object.keys(loaded.session.legs).sort()).toEqual(Object.keys(legs).sort());
    expect([...storage.data.values()].join('\n')).not.toContain(TEST_TOKEN);
    // the worker's texts are still written in small transactions while the user is busy
    const oneLeg = JSON.stringify(legs['bulk-0']).length;
    expect(sizes.length).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThan(16 * 1024 + oneLeg);
  });

  it('lets the worker write every leg itself, and the page only the rest, when the worker knows the database', async () => {
    const base = testSession();
    const legs = withBulkLegs(base, 20, 'w'.repeat(2_000));
    const storage = createMemoryStorage();
    // the worker writes to the same storage the page reads (as it opens the same IndexedDB database)
    const { worker, seen } = fakeWorker({ storage });
    const pageWrites: string[] = [];
    const setManyHere = storage.setMany.bind(storage);
    const pageStorage = {
      ...storage,
      setMany: async (entries: readonly (readonly [string, string])[], deletes?: readonly string[]) => {
        pageWrites.push(...entries.map(([k]) => k));
        await setManyHere(entries, deletes);
      },
    };
    const serialiser = createWorkerSerialiser(() => worker, { writesTo: { db: 'mrtr-inspector', store: 'kv' } });
    const session = { ...base, legs };
    await createSessionWriter(pageStorage, KEY, undefined, serialiser).save(session, header);
    expect(
      seen.filter((r) => r.kind === 'leg').every((r) => r.kind === 'leg' && r.writeTo?.key === legKey(KEY, r.value.id)),
    ).toBe(true);
    // the page wrote no leg: only the file and the list of legs
    expect(pageWrites.filter((k) => k.includes('/l/'))).toEqual([]);
    expect(pageWrites).toEqual([KEY, `${KEY}/legs`]);
    const loaded = await load(storage);
    expect(loaded.ok && Object.keys(loaded.session.legs).sort()).toEqual(Object.keys(legs).sort());
    expect([...storage.data.values()].join('\n')).not.toContain(TEST_TOKEN);
  });

  it('hands the worker no key, so the guarded page write refuses the leg, when this tab may not write', async () => {
    const base = testSession();
    const { worker, seen, storage: workerStorage } = fakeWorker();
    const serialiser = createWorkerSerialiser(() => worker, { writesTo: { db: 'mrtr-inspector', store: 'kv' } });
    const storage = createMemoryStorage();
    const refusing = { ...storage, setMany: () => Promise.reject(new Error('another tab saves the session')) };
    const writer = createSessionWriter(refusing, KEY, undefined, serialiser, () => false);
    await expect(writer.save(base, header)).rejects.toThrow('another tab saves the session');
    expect(seen.filter((r) => r.kind === 'leg' && r.writeTo !== undefined)).toEqual([]);
    expect((workerStorage as ReturnType<typeof createMemoryStorage>).data.size).toBe(0);
  });

  it('clones the legs for the worker inside the slices it times, never all at once, when posting takes time', async () => {
    const base = testSession();
    const legs = withBulkLegs(base, 40, 'p'.repeat(1_000));
    // posts within one task (and its microtasks): reset by the next task
    let inThisTask = 0;
    let most = 0;
    const { worker } = fakeWorker({
      onPost: () => {
        const until = performance.now() + 1;
        while (performance.now() < until) {
          // posting a leg takes 1 ms here
        }
        if (inThisTask === 0) setTimeout(() => (inThisTask = 0), 0);
        inThisTask += 1;
        most = Math.max(most, inThisTask);
      },
    });
    const busy = { whenQuiet: () => Promise.resolve(false) };
    await createSessionWriter(
      createMemoryStorage(),
      KEY,
      busy,
      createWorkerSerialiser(() => worker),
    ).save({ ...base, legs }, header);
    // a busy slice is 2 ms: a few legs each, not the whole session in one task
    expect(most).toBeLessThanOrEqual(5);
  });
});
