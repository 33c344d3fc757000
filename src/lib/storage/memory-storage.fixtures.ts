import { StorageError, type KeyValueStorage } from './key-value-storage.ts';

export interface MemoryStorageOptions {
  /** total characters allowed across all values; a write beyond it fails like a full disk */
  quotaChars?: number;
  initial?: Record<string, string>;
}

/** In-memory storage for tests, with a quota that fails a write like a full disk. */
export function createMemoryStorage(opts: MemoryStorageOptions = {}): Required<KeyValueStorage> & {
  /** direct access for tests */
  readonly data: Map<string, string>;
} {
  const data = new Map<string, string>(Object.entries(opts.initial ?? {}));
  const used = (except?: string) => {
    let n = 0;
    for (const [k, v] of data) if (k !== except) n += v.length;
    return n;
  };
  return {
    data,
    get: async (key) => data.get(key),
    set: async (key, value) => {
      if (opts.quotaChars !== undefined && used(key) + value.length > opts.quotaChars) {
        throw new StorageError('quota', `the storage quota of ${opts.quotaChars} characters was exceeded`);
      }
      data.set(key, value);
    },
    getMany: async (keys) => keys.map((k) => data.get(k)),
    setMany: async (entries, deleteKeys = []) => {
      // all or nothing, like one IndexedDB transaction
      if (opts.quotaChars !== undefined) {
        const next = new Map(data);
        for (const [k, v] of entries) next.set(k, v);
        for (const k of deleteKeys) next.delete(k);
        let n = 0;
        for (const v of next.values()) n += v.length;
        if (n > opts.quotaChars) {
          throw new StorageError('quota', `the storage quota of ${opts.quotaChars} characters was exceeded`);
        }
      }
      for (const [k, v] of entries) data.set(k, v);
      for (const k of deleteKeys) data.delete(k);
    },
    delete: async (key) => {
      data.delete(key);
    },
    keys: async () => [...data.keys()],
  };
}
