import type { PersistenceStatus } from '../../lib/storage/save-status.ts';
import type { Persistence } from './persistence.ts';
import { createInspectorStore } from '../inspector-store.ts';

/** A store whose server is unreachable: persistence tests never send anything. */
export function newStore() {
  return createInspectorStore({ fetchFor: () => () => Promise.reject(new Error('offline')), now: () => 0 });
}

/** Resolves with the status once `ok` holds: checked now and on every status change (no polling). */
export function statusBecomes(
  persistence: Persistence,
  ok: (s: PersistenceStatus) => boolean,
): Promise<PersistenceStatus> {
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
