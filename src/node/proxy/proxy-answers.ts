/**
 * What a proxy writes to its client besides the server's own answer: its refusals, the error of a dropped item, and
 * the chunk-by-chunk copy of a streamed answer. Node-only.
 */
import type { ServerResponse } from 'node:http';
import { DROPPED_CODE, DROPPED_MESSAGE, type HeldStage } from '../../protocol/proxy-wire.ts';
import type { TrafficHub } from './traffic-hub.ts';

/** The proxy's own refusal: JSON, with `X-Proxy-Error` naming the check, so a client's log says who refused. */
export function refuse(res: ServerResponse, status: number, code: string, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ error: { code, message } });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'x-proxy-error': code,
  });
  res.end(body);
}

/** The JSON-RPC id of a request body, when it is a request (a notification or a GET has none). */
function rpcIdOf(body: string): string | number | undefined {
  try {
    const message = JSON.parse(body) as { id?: unknown; method?: unknown };
    return typeof message.id === 'string' || typeof message.id === 'number' ? message.id : undefined;
  } catch {
    return undefined;
  }
}

/** What the client gets when the user drops its request or the server's answer: an error saying so. */
export function answerDropped(res: ServerResponse, requestBody: string, stage: HeldStage): void {
  const message = `${DROPPED_MESSAGE}${stage === 'request' ? 'request' : "server's answer"}.`;
  const id = rpcIdOf(requestBody);
  if (id === undefined) {
    refuse(res, 503, 'dropped', message);
    return;
  }
  const body = JSON.stringify({ jsonrpc: '2.0', id, error: { code: DROPPED_CODE, message } });
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function once(res: ServerResponse, event: 'drain' | 'close'): Promise<void> {
  return new Promise((resolve) => res.once(event, () => resolve()));
}

/**
 * Copy the answer to the client chunk by chunk, reporting each to the page after the
 * client has it; returns why, when it did not get through whole ('broken': the server's stream failed).
 */
export async function pipeAnswer(
  answer: Response,
  res: ServerResponse,
  at: { id: string; hub: TrafficHub; maxBytes: number },
  onChunk: () => void,
): Promise<string | undefined> {
  const { id, hub } = at;
  if (!answer.body) {
    res.end();
    return undefined;
  }
  const reader = answer.body.getReader();
  const decoder = new TextDecoder();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onChunk();
      total += value.byteLength;
      if (total > at.maxBytes) {
        res.destroy();
        return `the answer passed the proxy's limit of ${at.maxBytes} bytes`;
      }
      const text = decoder.decode(value, { stream: true });
      // write first: the client gets each piece before anything else is done with it
      const drained = res.write(value);
      if (text) hub.emit({ type: 'response-chunk', id, at: hub.now(), text });
      if (!drained) await Promise.race([once(res, 'drain'), once(res, 'close')]);
      if (res.destroyed) return 'the client stopped reading the answer';
    }
    res.end();
    return undefined;
  } catch {
    res.destroy();
    return 'broken';
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
