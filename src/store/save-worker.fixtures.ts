/** For tests: a save-serialiser worker that runs in the same process (see save-serialiser.ts). */
import { serialiseItem, type SerialiseReply, type SerialiseRequest, type WorkerLike } from './save-serialiser.ts';

/**
 * A worker in the same process: every message is structured-cloned (as postMessage does) and answered by the worker's
 * own `serialiseItem` on a later task. `breakAfter`: it fails (an error event) instead of answering the Nth message.
 */
export function fakeWorker(opts: { breakAfter?: number; refuse?: (req: SerialiseRequest) => boolean } = {}) {
  const seen: SerialiseRequest[] = [];
  let terminated = false;
  const worker: WorkerLike = {
    onmessage: null,
    onerror: null,
    onmessageerror: null,
    postMessage(message) {
      if (opts.refuse?.(message)) throw new DOMException('could not be cloned', 'DataCloneError');
      const copy = structuredClone(message);
      seen.push(copy);
      const n = seen.length;
      setTimeout(() => {
        if (terminated) return;
        if (opts.breakAfter !== undefined && n > opts.breakAfter) {
          worker.onerror?.({ preventDefault: () => undefined, message: 'worker crashed' });
          return;
        }
        let reply: SerialiseReply;
        try {
          reply = { id: copy.id, json: serialiseItem(copy) };
        } catch (err) {
          reply = { id: copy.id, error: String(err) };
        }
        worker.onmessage?.({ data: reply });
      }, 0);
    },
    terminate() {
      terminated = true;
    },
  };
  return { worker, seen, isTerminated: () => terminated };
}
