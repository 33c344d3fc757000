import type { ParseResult } from '../../session/io/session-file.ts';
import type { SessionFileWorkerReply } from '../../session/io/session-file.worker.ts';
import { askWorkerOnce } from '../../lib/ask-worker-once.ts';
import { internSessionStrings, unboxParseResult } from '../../session/io/intern.ts';

const sessionFileCodec = () => import('../../session/io/session-file.ts');

/** On the main thread: what the worker does, for environments without `Worker` (node, jsdom) or when it fails. */
async function parseHere(file: Blob): Promise<ParseResult> {
  const [{ parseSessionFile }, text] = await Promise.all([sessionFileCodec(), file.text()]);
  return parseSessionFile(text);
}

/** A session parsed from text holds a copy of every repeated string: one of each is kept. */
function interned(result: ParseResult): ParseResult {
  if (result.ok) internSessionStrings(result.session);
  return result;
}

function parseInWorker(file: Blob): Promise<SessionFileWorkerReply> {
  const start = () =>
    new Worker(new URL('../../session/io/session-file.worker.ts', import.meta.url), {
      type: 'module',
      name: 'session-file',
    });
  return askWorkerOnce<SessionFileWorkerReply>(start, file, 'session file');
}

/**
 * Read and validate a session file in a Web Worker, so that parsing garbage never lands on the page's heap (a major
 * GC of it would stall later frames). Same result and messages as `parseSessionFile(await file.text())`, which is
 * also the fallback where there is no `Worker` or the worker cannot start.
 */
export async function parseSessionFileOffThread(file: Blob): Promise<ParseResult> {
  if (typeof Worker === 'undefined') return interned(await parseHere(file));
  let reply: SessionFileWorkerReply;
  try {
    reply = await parseInWorker(file);
  } catch {
    return interned(await parseHere(file));
  }
  // a read failure is retried here, so it surfaces exactly as it would without the worker
  if (reply.kind !== 'parsed') return interned(await parseHere(file));
  // the worker boxed the repeated strings, so the clone made each of them once
  return unboxParseResult(reply.result);
}
