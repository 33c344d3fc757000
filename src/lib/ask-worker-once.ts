/**
 * One request to a fresh Web Worker and its one reply; the worker is terminated either way. `start` creates the worker
 * (it must be written `new Worker(new URL('…', import.meta.url), …)` at the call site, where Vite finds and bundles
 * it); `label` names it in the errors. Rejects when the worker fails to start or run, or sends a reply that cannot be
 * read: callers fall back to doing the work on the page.
 */
export function askWorkerOnce<Reply>(start: () => Worker, message: unknown, label: string): Promise<Reply> {
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
    worker.postMessage(message);
  });
}
