/**
 * Worker entry: reads and validates a session file off the page's main thread, so the garbage of `JSON.parse` and
 * the schema check (tens of MB for a long session) is collected on the worker's heap, not the page's. Posts back
 * only the `ParseResult` (the validated session or the exact error message), with the session's repeated strings
 * boxed so the clone carries each of them once (intern.ts: the page reads the reply with `unboxParseResult`). The parsing itself is the pure
 * `parseSessionFile`; this file only moves data in and out.
 */
import { boxParseResult, type BoxedParseResult } from './intern.ts';
import { parseSessionFile } from './session-file.ts';

export type SessionFileWorkerRequest = Blob | string;
/** `parsed`: read it with `unboxParseResult`. */
export type SessionFileWorkerReply =
  { kind: 'parsed'; result: BoxedParseResult } | { kind: 'unreadable'; error: string };

function reply(text: string): SessionFileWorkerReply {
  return { kind: 'parsed', result: boxParseResult(parseSessionFile(text)) };
}

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<SessionFileWorkerRequest>) => void) | null;
  postMessage(message: SessionFileWorkerReply): void;
};

scope.onmessage = (event) => {
  const input = event.data;
  const text = typeof input === 'string' ? Promise.resolve(input) : input.text();
  text.then(
    (t) => scope.postMessage(reply(t)),
    (err: unknown) =>
      scope.postMessage({ kind: 'unreadable', error: err instanceof Error ? err.message : String(err) }),
  );
};
