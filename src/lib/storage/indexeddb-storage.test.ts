import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { createIndexedDbStorage } from './indexeddb-storage.ts';
import { StorageError } from './key-value-storage.ts';

/** A fresh in-memory IndexedDB (fake-indexeddb implements the W3C API the browser has). */
const freshFactory = () => new IDBFactory();

describe('IndexedDB storage', () => {
  it('reads back what it wrote, and undefined for a key never written', async () => {
    const storage = createIndexedDbStorage('db', 'kv', freshFactory());
    await storage.set('a', 'one');
    await storage.set('b', '{"json":true}');
    expect(await storage.get('a')).toBe('one');
    expect(await storage.get('b')).toBe('{"json":true}');
    expect(await storage.get('missing')).toBeUndefined();
    expect((await storage.keys()).sort()).toEqual(['a', 'b']);
    await storage.delete('a');
    expect(await storage.get('a')).toBeUndefined();
  });

  it('writes and deletes many keys in one call, and reads many in the order asked', async () => {
    const storage = createIndexedDbStorage('db', 'kv', freshFactory());
    await storage.setMany!([
      ['x', '1'],
      ['y', '2'],
      ['gone', '3'],
    ]);
    await storage.setMany!([['z', '4']], ['gone']);
    expect(await storage.getMany!(['z', 'missing', 'x', 'gone', 'y'])).toEqual(['4', undefined, '1', undefined, '2']);
  });

  it('shares data between two storages on the same database, as two tabs do', async () => {
    const factory = freshFactory();
    await createIndexedDbStorage('db', 'kv', factory).set('k', 'from tab A');
    expect(await createIndexedDbStorage('db', 'kv', factory).get('k')).toBe('from tab A');
  });

  it('returns a stored non-string value as JSON text when an older layout left one', async () => {
    const factory = freshFactory();
    const storage = createIndexedDbStorage('db', 'kv', factory);
    await storage.set('seed', 'x'); // creates the database and its store
    await new Promise<void>((resolve, reject) => {
      const open = factory.open('db', 1);
      open.onsuccess = () => {
        const tx = open.result.transaction('kv', 'readwrite');
        tx.objectStore('kv').put({ legacy: 1 }, 'old');
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
    expect(await storage.get('old')).toBe('{"legacy":1}');
  });

  it('fails with an "unavailable" StorageError when the browser has no IndexedDB', async () => {
    const storage = createIndexedDbStorage('db', 'kv', undefined);
    await expect(storage.get('a')).rejects.toMatchObject({ name: 'StorageError', kind: 'unavailable' });
  });

  it('reports a full disk as a "quota" StorageError and keeps working for later writes', async () => {
    const storage = createIndexedDbStorage('db', 'kv', freshFactory());
    await storage.set('before', 'ok');
    const { IDBObjectStore } = await import('fake-indexeddb');
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementationOnce(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const failed = await storage.set('big', 'x'.repeat(1000)).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(StorageError);
    expect((failed as StorageError).kind).toBe('quota');
    put.mockRestore();
    await storage.set('after', 'ok');
    expect(await storage.getMany!(['before', 'big', 'after'])).toEqual(['ok', undefined, 'ok']);
  });

  it('opens again on the next call when opening failed once', async () => {
    const real = freshFactory();
    let attempts = 0;
    const flaky = {
      open: (name: string, version?: number) => {
        attempts += 1;
        if (attempts === 1) throw new DOMException('The operation is insecure.', 'SecurityError');
        return real.open(name, version);
      },
    } as unknown as IDBFactory;
    const storage = createIndexedDbStorage('db', 'kv', flaky);
    await expect(storage.get('a')).rejects.toMatchObject({ kind: 'unavailable' });
    await storage.set('a', 'second try');
    expect(await storage.get('a')).toBe('second try');
  });
});
