/** For tests: a save-serialiser worker that runs in the same process (see save-serialiser.ts). */
import { createPieceReceiver, type Envelope } from '../../lib/post-in-pieces.ts';
import type { KeyValueStorage } from '../../lib/storage/key-value-storage.ts';
import { createMemoryStorage } from '../../lib/storage/memory-storage.fixtures.ts';
import { answerRequest, type SerialiseRequest, type WorkerLike } from './save-serialiser.ts';

/**
 * A worker in the same process: every message is structured-cloned (as postMessage does), reassembled from its pieces
 * and answered by the worker's own `answerRequest` on a later task; legs it is asked to write go to `storage`.
 * `breakAfter`: it fails (an error event) instead of answering the Nth request. `refuse`: posting that request throws
 * DataCloneError. `onPost`: runs in every postMessage.
 */
export function fakeWorker(
  opts: {
    breakAfter?: number;
    refuse?: (req: SerialiseRequest) => boolean;
    storage?: KeyValueStorage;
    /** runs in every postMessage, before the clone (to make posting take time) */
    onPost?: (envelope: Envelope) => void;
  } = {},
) {
  const seen: SerialiseRequest[] = [];
  const storage = opts.storage ?? createMemoryStorage();
  const receive = createPieceReceiver();
  let terminated = false;
  const worker: WorkerLike = {
    onmessage: null,
    onerror: null,
    onmessageerror: null,
    postMessage(envelope: Envelope) {
      opts.onPost?.(envelope);
      if (envelope.kind === 'pieces/whole' && opts.refuse?.(envelope.message as SerialiseRequest)) {
        throw new DOMException('could not be cloned', 'DataCloneError');
      }
      const received = receive(structuredClone(envelope));
      if (!received) return;
      const copy = received.message as SerialiseRequest;
      seen.push(copy);
      const n = seen.length;
      setTimeout(() => {
        if (terminated) return;
        if (opts.breakAfter !== undefined && n > opts.breakAfter) {
          worker.onerror?.({ preventDefault: () => undefined, message: 'worker crashed' });
          return;
        }
        void answerRequest(copy, () => storage).then((reply) => {
          if (!terminated) worker.onmessage?.({ data: reply });
        });
      }, 0);
    },
    terminate() {
      terminated = true;
    },
  };
  return { worker, seen, storage, isTerminated: () => terminated };
}
