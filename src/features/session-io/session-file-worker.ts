import type { ParseResult } from '../../session/io/session-file.ts';
import type { SessionFileWorkerReply } from '../../session/io/session-file.worker.ts';

const sessionFileCodec = () => import('../../session/io/session-file.ts');

/** On the main thread: what the worker does, for environments without `Worker` (node, jsdom) or when it fails. */
async function parseHere(file: Blob): Promise<ParseResult> {
  const [{ parseSessionFile }, text] = await Promise.all([sessionFileCodec(), file.text()]);
  return parseSessionFile(text);
}

function parseInWorker(file: Blob): Promise<SessionFileWorkerReply> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../../session/io/session-file.worker.ts', import.meta.url), {
      type: 'module',
      name: 'session-file',
    });
    const done = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<SessionFileWorkerReply>) => {
      done();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      done();
      reject(new Error(event.message || 'the session file worker failed'));
    };
    worker.onmessageerror = () => {
      done();
      reject(new Error('the session file worker sent an unreadable reply'));
    };
    worker.postMessage(file);
  });
}

/**
 * Read and validate a session file in a Web Worker, so that parsing garbage never lands on the page's heap (a major
 * GC of it would stall later frames). Same result and messages as `parseSessionFile(await file.text())`, which is
 * also the fallback where there is no `Worker` or the worker cannot start.
 */
export async function parseSessionFileOffThread(file: Blob): Promise<ParseResult> {
  if (typeof Worker === 'undefined') return parseHere(file);
  let reply: SessionFileWorkerReply;
  try {
    reply = await parseInWorker(file);
  } catch {
    return parseHere(file);
  }
  // a read failure is retried here, so it surfaces exactly as it would without the worker
  return reply.kind === 'parsed' ? reply.result : parseHere(file);
}
