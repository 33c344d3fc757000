import { createPieceSender } from './post-in-pieces.ts';

/**
 * One request to a fresh Web Worker and its one reply; the worker is terminated either way. `start` creates the worker
 * (it must be written `new Worker(new URL('…', import.meta.url), …)` at the call site, where Vite finds and bundles
 * it); `label` names it in the errors. `inPieces`: the message's long strings are posted in pieces over several
 * tasks (post-in-pieces.ts; the worker must read it with `createPieceReceiver`), so a message holding a 32 MB stream
 * is not cloned in one long task. Rejects when the worker fails to start or run, or sends a reply that cannot be
 * read: callers fall back to doing the work on the page.
 */
export function askWorkerOnce<Reply>(
  start: () => Worker,
  message: unknown,
  label: string,
  opts: { inPieces?: boolean } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const worker = start();
    const done = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<Reply>) => {
      done();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      done();
      reject(new Error(event.message || `the ${label} worker failed`));
    };
    worker.onmessageerror = () => {
      done();
      reject(new Error(`the ${label} worker sent an unreadable reply`));
    };
    if (!opts.inPieces) {
      worker.postMessage(message);
      return;
    }
    const unsent = (err: unknown) => {
      done();
      reject(err instanceof Error ? err : new Error(`the ${label} worker could not be sent its request`));
    };
    try {
      createPieceSender((envelope) => worker.postMessage(envelope))
        .send(message)
        .catch(unsent);
    } catch (err) {
      unsent(err);
    }
  });
}
