/**
 * Worker entry: autosave's serialising off the page's main thread (see save-serialiser.ts). Gets one structured-cloned
 * leg or conversation per message (its long strings in pieces, lib/post-in-pieces.ts) and answers with `answerRequest`:
 * a leg whose request names a key is written to IndexedDB here, anything else goes back as redacted JSON.
 */
import { createPieceReceiver } from '../../lib/post-in-pieces.ts';
import { createIndexedDbStorage } from '../../lib/storage/indexeddb-storage.ts';
import type { KeyValueStorage } from '../../lib/storage/key-value-storage.ts';
import { answerRequest, type SerialiseReply, type SerialiseRequest, type WriteTarget } from './save-serialiser.ts';

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: SerialiseReply): void;
};

const receive = createPieceReceiver();
const opened = new Map<string, KeyValueStorage>();
const storageFor = (target: WriteTarget): KeyValueStorage => {
  const name = `${target.db}\u0000${target.store}`;
  let storage = opened.get(name);
  if (!storage) opened.set(name, (storage = createIndexedDbStorage(target.db, target.store)));
  return storage;
};

scope.onmessage = (event) => {
  const received = receive(event.data);
  if (!received) return;
  void answerRequest(received.message as SerialiseRequest, storageFor).then((reply) => scope.postMessage(reply));
};
