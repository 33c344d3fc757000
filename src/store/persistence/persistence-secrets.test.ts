import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/storage/memory-storage.fixtures.ts';
import { testSession } from '../../session/io/session.fixtures.ts';
import { createInspectorStore } from '../inspector-store.ts';
import { createPersistence } from './persistence.ts';
import { createWorkerSerialiser } from './save-serialiser.ts';
import { fakeWorker } from './save-worker.fixtures.ts';

function newStore() {
  return createInspectorStore({ fetchFor: () => () => Promise.reject(new Error('offline')), now: () => 0 });
}

describe('persistence of secrets', () => {
  it.each([
    ['on the main thread', () => undefined],
    ['in a worker', () => createWorkerSerialiser(() => fakeWorker().worker)],
  ])(
    'never writes a custom header or query key the user did not mark safe when serialising %s',
    async (_where, serialiser) => {
      const storage = createMemoryStorage();
      const store = newStore();
      const session = testSession();
      const leg = session.legs['leg-1']!;
      const url = 'http://127.0.0.1:9999/mcp?subscription-key=qs-secret-456&region=eu';
      const request = {
        ...leg.exchange.request,
        url,
        headers: [...leg.exchange.request.headers, ['Ocp-Apim-Subscription-Key', 'sub-secret-123']] as [
          string,
          string,
        ][],
      };
      const withKey = {
        ...session,
        legs: { ...session.legs, 'leg-1': { ...leg, exchange: { ...leg.exchange, request } } },
      };
      store.getState().dispatch({ type: 'session/replaced', state: withKey });
      store.getState().setServerUrl(url);
      store.getState().connect();
      store.getState().setCustomHeaders({ 'Ocp-Apim-Subscription-Key': 'sub-secret-123', 'X-Team': 'blue' });
      store.getState().setNotSecret('?region', true);
      store.getState().saveConnection('apim');
      await createPersistence(store, { storage, serialiser: serialiser() }).flush();
      const everything = [...storage.data.values()].join('\n');
      expect(everything).not.toContain('sub-secret-123');
      expect(everything).not.toContain('qs-secret-456');
      expect(everything).not.toContain('"X-Team":"blue"'); // not marked either
      expect(everything).toContain('region=eu'); // marked "not secret"
    },
  );
});
