/**
 * What a proxy writes to its client besides the server's own answer: its refusals, the error of a dropped item, and
 * the chunk-by-chunk copy of a streamed answer. Node-only.
 */
import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { DROPPED_CODE, DROPPED_MESSAGE, INSPECTOR_ERROR_SOURCE, type HeldStage } from '../../protocol/proxy-wire.ts';
import { copyReadable } from '../http-forwarding/copy-stream.ts';
import { decodeWhole, type Coding } from './proxy-encoding.ts';
import { writeJsonError } from '../http-forwarding/json-error.ts';
import type { TrafficHub } from './traffic-hub.ts';

/** The proxy's own refusal: JSON, with `X-Proxy-Error` naming the check, so a client's log says who refused. */
export function refuse(res: ServerResponse, status: number, code: string, message: string): void {
  writeJsonError(res, status, code, message, { 'x-proxy-error': code });
}

/**
 * The JSON-RPC id of a request body, when it is a request. A notification or a GET has none, and neither has a client's
 * answer to a server's request: its id is the server's, so an error sent back under it would reach the client as the
 * answer to whichever request of its own has the same number.
 */
export function rpcIdOf(body: string): string | number | undefined {
  try {
    const message = JSON.parse(body) as { id?: unknown; method?: unknown };
    if (typeof message.method !== 'string') return undefined;
    return typeof message.id === 'string' || typeof message.id === 'number' ? message.id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The JSON-RPC error that tells the client the user dropped its request or the server's answer; its `data` says the
 * inspector made it (not the server) and which was dropped.
 */
export function droppedError(id: string | number, stage: HeldStage): Record<string, unknown> {
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: DROPPED_CODE,
      message: droppedMessage(stage),
      data: { source: INSPECTOR_ERROR_SOURCE, dropped: stage },
    },
  };
}

function droppedMessage(stage: HeldStage): string {
  return `${DROPPED_MESSAGE}${stage === 'request' ? 'request' : "server's answer"}.`;
}

/** What the client gets when the user drops its request or the server's answer: an error saying so. */
export function answerDropped(res: ServerResponse, requestBody: string, stage: HeldStage): void {
  const id = rpcIdOf(requestBody);
  if (id === undefined) {
    refuse(res, 503, 'dropped', droppedMessage(stage));
    return;
  }
  const body = JSON.stringify(droppedError(id, stage));
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Copy the answer to the client chunk by chunk, reporting each to the page after the
 * client has it; returns why, when it did not get through whole ('broken': the server's stream failed).
 */
export async function pipeAnswer(
  body: Readable | null,
  res: ServerResponse,
  at: { id: string; hub: TrafficHub; maxBytes: number; coding?: Coding | 'identity' },
  onChunk: () => void,
): Promise<string | undefined> {
  const { id, hub } = at;
  if (!body) {
    res.end();
    return undefined;
  }
  // Node's own decoder: a character split between two chunks still comes out whole
  const decoder = new StringDecoder('utf8');
  // an encoded answer goes to the client as it came; the page is told its decoded text once it is whole
  const coding = at.coding === 'identity' ? undefined : at.coding;
  const encoded: Buffer[] | undefined = coding ? [] : undefined;
  const end = await copyReadable(body, res, {
    maxBytes: at.maxBytes,
    onChunk,
    onWritten: (chunk) => {
      if (encoded) return void encoded.push(Buffer.from(chunk));
      const text = decoder.write(chunk);
      if (text) hub.emit({ type: 'response-chunk', id, at: hub.now(), text });
    },
  });
  if (encoded && coding && end === 'done') {
    const whole = Buffer.concat(encoded);
    const decoded = decodeWhole(whole, coding) ?? whole;
    hub.emit({ type: 'response-chunk', id, at: hub.now(), text: decoded.toString('utf8') });
  }
  switch (end) {
    case 'done':
      return undefined;
    case 'too-large':
      res.destroy();
      return `the answer passed the proxy's limit of ${at.maxBytes} bytes`;
    case 'client-gone':
      return 'the client stopped reading the answer';
    case 'broken':
      res.destroy();
      return 'broken';
  }
}
