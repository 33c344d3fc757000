/**
 * The JSON error the relay and the proxies answer with when they refuse or fail: `{ "error": { "code", "message" } }`,
 * plus headers naming who refused, so a client's log tells the inspector's refusal from the server's. Node-only.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** Write the error, or cut the connection when the answer's headers are already out (a stream was under way). */
export function writeJsonError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  marks: OutgoingHttpHeaders,
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ error: { code, message } });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...marks,
  });
  res.end(body);
}
