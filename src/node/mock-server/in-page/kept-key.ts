/**
 * The demo server's requestState key, kept in the browser's IndexedDB: a browser stops an idle service worker and
 * starts it again on the next request, and a state signed before that must still verify after it (and after a
 * reload). One random key per browser profile and origin; without IndexedDB, a key for this worker's life only.
 */
const DB = 'mrtr-demo-server';
const STORE = 'keys';
const NAME = 'requestState';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

export async function keptStateKey(): Promise<Uint8Array> {
  const fresh = globalThis.crypto.getRandomValues(new Uint8Array(32));
  if (typeof indexedDB === 'undefined') return fresh;
  try {
    const open = indexedDB.open(DB, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    const db = await request(open);
    try {
      const tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      const known: unknown = await request(store.get(NAME));
      if (known instanceof Uint8Array && known.byteLength === 32) return known;
      // `add` refuses when another worker start wrote one meanwhile: read that one
      try {
        await request(store.add(fresh, NAME));
        return fresh;
      } catch {
        const again: unknown = await request(db.transaction(STORE).objectStore(STORE).get(NAME));
        return again instanceof Uint8Array ? again : fresh;
      }
    } finally {
      db.close();
    }
  } catch {
    return fresh;
  }
}
