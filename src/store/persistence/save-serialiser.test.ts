import { describe, expect, it } from 'vitest';
import { testSession, TEST_TOKEN } from '../../session/io/session.fixtures.ts';
import type { Leg } from '../../session/model.ts';
import { createWorkerSerialiser, inThreadSerialiser, serialiseItem } from './save-serialiser.ts';
import { fakeWorker } from './save-worker.fixtures.ts';
import { createMemoryStorage } from '../../lib/storage/memory-storage.fixtures.ts';
import { StorageError } from '../../lib/storage/key-value-storage.ts';

function legWithSecretHeader(): Leg {
  const leg = testSession().legs['leg-1'] as Leg;
  const request = {
    ...leg.exchange.request,
    headers: [...leg.exchange.request.headers, ['X-Tenant-Key', 'tenant-secret-1']] as [string, string][],
  };
  return { ...leg, exchange: { ...leg.exchange, request } };
}

describe('save serialiser', () => {
  it('makes in the worker the same redacted JSON as on the main thread when a worker is available', async () => {
    const { worker, seen } = fakeWorker();
    const serialiser = createWorkerSerialiser(() => worker);
    const leg = legWithSecretHeader();
    const started = serialiser.leg(leg, undefined);
    // nothing was serialised on this thread: the slice counts no characters for it
    expect(started.cost).toBe(0);
    const json = await started.json;
    expect(seen).toHaveLength(1);
    expect(json).toBe(await inThreadSerialiser.leg(leg, undefined).json);
    expect(json).not.toContain('tenant-secret-1');
    expect(json).not.toContain(TEST_TOKEN);
    expect(serialiser.where()).toBe('worker');
  });

  it('keeps a header value the user marked not secret when the worker serialises', async () => {
    const { worker } = fakeWorker();
    const serialiser = createWorkerSerialiser(() => worker);
    const json = await serialiser.leg(legWithSecretHeader(), ['x-tenant-key']).json;
    expect(json).toContain('tenant-secret-1');
  });

  it('serialises the items it still owed on the main thread when the worker fails', async () => {
    const { worker, isTerminated } = fakeWorker({ breakAfter: 1 });
    const serialiser = createWorkerSerialiser(() => worker);
    const session = testSession();
    const legs = Object.values(session.legs);
    const texts = await Promise.all(legs.map((leg) => serialiser.leg(leg, undefined).json));
    const expected = await Promise.all(legs.map((leg) => inThreadSerialiser.leg(leg, undefined).json));
    expect(texts).toEqual(expected);
    expect(isTerminated()).toBe(true);
    expect(serialiser.where()).toBe('main thread');
  });

  it('serialises an item the worker cannot be sent on the main thread when cloning it fails', async () => {
    const { worker, seen } = fakeWorker({ refuse: (req) => req.kind === 'conversation' });
    const serialiser = createWorkerSerialiser(() => worker);
    const c = Object.values(testSession().conversations)[0]!;
    const started = serialiser.conversation(c, undefined);
    expect(started.cost).toBeGreaterThan(0);
    expect(await started.json).toBe(await inThreadSerialiser.conversation(c, undefined).json);
    expect(seen).toHaveLength(0);
    expect(serialiser.where()).toBe('worker');
  });

  it('serialises on the main thread when the worker cannot be started', async () => {
    const serialiser = createWorkerSerialiser(() => {
      throw new Error('workers are blocked');
    });
    const leg = testSession().legs['leg-1'] as Leg;
    expect(await serialiser.leg(leg, undefined).json).toBe(serialiseItem({ id: 0, kind: 'leg', value: leg }));
    expect(serialiser.where()).toBe('main thread');
  });

  it('makes the same JSON from a leg whose long body travelled in pieces when the leg holds megabytes', async () => {
    const { worker, seen } = fakeWorker();
    const serialiser = createWorkerSerialiser(() => worker);
    const leg = testSession().legs['leg-1'] as Leg;
    const response = { ...leg.exchange.response!, body: 'é'.repeat(1_500_000) };
    const big = { ...leg, exchange: { ...leg.exchange, response } };
    expect(await serialiser.leg(big, undefined).json).toBe(await inThreadSerialiser.leg(big, undefined).json);
    expect(seen).toHaveLength(1);
  });

  it('reports a full disk as a quota StorageError when the worker writes the leg itself', async () => {
    const storage = createMemoryStorage({ quotaChars: 10 });
    const { worker } = fakeWorker({ storage });
    const serialiser = createWorkerSerialiser(() => worker, { writesTo: { db: 'd', store: 's' } });
    const leg = testSession().legs['leg-1'] as Leg;
    const failed = serialiser.leg(leg, undefined, 'inspector/session/l/leg-1').json;
    await expect(failed).rejects.toBeInstanceOf(StorageError);
    await expect(failed).rejects.toMatchObject({ kind: 'quota' });
  });

  it('sends the text back when no key is named even if the worker could write', async () => {
    const { worker, storage } = fakeWorker();
    const serialiser = createWorkerSerialiser(() => worker, { writesTo: { db: 'd', store: 's' } });
    const leg = testSession().legs['leg-1'] as Leg;
    expect(await serialiser.leg(leg, undefined).json).toBe(await inThreadSerialiser.leg(leg, undefined).json);
    expect((storage as ReturnType<typeof createMemoryStorage>).data.size).toBe(0);
  });
});
