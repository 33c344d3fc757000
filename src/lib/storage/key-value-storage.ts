/**
 * The small async storage the app needs: string values under string keys. Mirrors the shape of localStorage (GraphiQL's
 * `storage/base.ts` idea) but async, so an IndexedDB implementation fits and tests can pass memory.
 */
export interface KeyValueStorage {
  /** the stored text, or undefined when the key is absent */
  get(key: string): Promise<string | undefined>;
  /** throws a StorageError with kind 'quota' when the browser refuses for lack of space */
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
  keys(): Promise<string[]>;
  /** many values at once (one transaction where the backend has them); same order as `keys` */
  getMany?(keys: readonly string[]): Promise<(string | undefined)[]>;
  /** write and delete many keys as one all-or-nothing change (one transaction where the backend has them) */
  setMany?(entries: readonly (readonly [string, string])[], deleteKeys?: readonly string[]): Promise<void>;
}

/** `storage.getMany`, or one `get` per key for a storage without it. */
export function getMany(storage: KeyValueStorage, keys: readonly string[]): Promise<(string | undefined)[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return storage.getMany ? storage.getMany(keys) : Promise.all(keys.map((k) => storage.get(k)));
}

/** `storage.setMany` (atomic), or one `set`/`delete` per key in order for a storage without it (not atomic). */
export async function setMany(
  storage: KeyValueStorage,
  entries: readonly (readonly [string, string])[],
  deleteKeys: readonly string[] = [],
): Promise<void> {
  if (entries.length === 0 && deleteKeys.length === 0) return;
  if (storage.setMany) return storage.setMany(entries, deleteKeys);
  for (const [key, value] of entries) await storage.set(key, value);
  for (const key of deleteKeys) await storage.delete(key);
}

export type StorageErrorKind = 'quota' | 'unavailable' | 'failed';

export class StorageError extends Error {
  constructor(
    readonly kind: StorageErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

/** Map a browser exception to a StorageError (QuotaExceededError in all its spellings becomes 'quota'). */
export function toStorageError(err: unknown): StorageError {
  if (err instanceof StorageError) return err;
  const name = typeof err === 'object' && err !== null && 'name' in err ? String(err.name) : '';
  const message = err instanceof Error ? err.message : String(err);
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || /quota/i.test(message)) {
    return new StorageError('quota', message || 'the storage quota was exceeded');
  }
  if (name === 'InvalidStateError' || name === 'SecurityError') return new StorageError('unavailable', message);
  return new StorageError('failed', message || name || 'storage failed');
}
