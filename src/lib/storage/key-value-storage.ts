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
