import { StorageError, toStorageError, type KeyValueStorage } from './key-value-storage.ts';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(toStorageError(request.error));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(toStorageError(tx.error ?? new Error('the storage transaction was aborted')));
    tx.onerror = () => reject(toStorageError(tx.error));
  });
}

/** The app's database and object store (autosave's worker opens the same one to write legs). */
export const APP_DATABASE = { db: 'mrtr-inspector', store: 'kv' } as const;

/**
 * IndexedDB-backed storage: one database with one object store of text values. IndexedDB survives a browser
 * restart and allows far more than localStorage's few megabytes.
 */
export function createIndexedDbStorage(
  dbName: string = APP_DATABASE.db,
  storeName: string = APP_DATABASE.store,
  factory: IDBFactory | undefined = globalThis.indexedDB,
): KeyValueStorage {
  let opening: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    if (!factory) return Promise.reject(new StorageError('unavailable', 'this browser has no IndexedDB'));
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(dbName, 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(storeName)) request.result.createObjectStore(storeName);
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(toStorageError(request.error));
      request.onblocked = () => reject(new StorageError('unavailable', 'the database is blocked by another tab'));
    }).catch((err: unknown) => {
      // `open` itself can throw (SecurityError: storage disabled, opaque origin): a StorageError like the rest
      opening = undefined;
      throw toStorageError(err);
    });
    return opening;
  };
  const run = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const db = await open();
    try {
      const tx = db.transaction(storeName, mode);
      const result = promised(work(tx.objectStore(storeName)));
      await done(tx);
      return await result;
    } catch (err) {
      throw toStorageError(err);
    }
  };
  /** one transaction for many requests: resolves with their results once it has committed */
  const runAll = async <T>(
    mode: IDBTransactionMode,
    work: (store: IDBObjectStore) => IDBRequest<T>[],
  ): Promise<T[]> => {
    const db = await open();
    try {
      const tx = db.transaction(storeName, mode);
      const results = Promise.all(work(tx.objectStore(storeName)).map(promised));
      await done(tx);
      return await results;
    } catch (err) {
      throw toStorageError(err);
    }
  };
  const asText = (value: unknown): string | undefined =>
    value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value);
  return {
    getMany: async (keys) => {
      const values = await runAll('readonly', (s) => keys.map((k) => s.get(k) as IDBRequest<unknown>));
      return values.map(asText);
    },
    setMany: async (entries, deleteKeys = []) => {
      await runAll<unknown>('readwrite', (s) => [
        ...entries.map(([key, value]) => s.put(value, key) as IDBRequest<unknown>),
        ...deleteKeys.map((key) => s.delete(key) as IDBRequest<unknown>),
      ]);
    },
    get: async (key) => {
      return asText(await run('readonly', (s) => s.get(key) as IDBRequest<unknown>));
    },
    set: async (key, value) => {
      await run('readwrite', (s) => s.put(value, key));
    },
    delete: async (key) => {
      await run('readwrite', (s) => s.delete(key));
    },
    keys: async () => {
      const keys = await run('readonly', (s) => s.getAllKeys());
      return keys.map(String);
    },
  };
}
