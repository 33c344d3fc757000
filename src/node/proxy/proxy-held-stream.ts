/**
 * Holding the server's response inside an SSE answer. The events before it (notifications, requests the server
 * pushes) go to the client as they arrive; the event carrying the JSON-RPC response to the client's request waits for
 * the user: Forward sends it (as it came, or with the body the user edited), Drop sends an error event saying so in
 * its place. The answer's status and headers went out with the first event, so only that event's data can change.
 * What follows the held event goes on after it. Node-only.
 */
import type { ServerResponse } from 'node:http';
import type { HeaderList } from '../../protocol/exchange.ts';
import { drainedOrClosed } from '../http-forwarding/copy-stream.ts';
import { droppedError, pipeAnswer } from './proxy-answers.ts';
import { eventData, isResponseTo, messageEvent, SseSplitter, withData } from './sse-events.ts';
import type { TrafficHub } from './traffic-hub.ts';

export interface SseHold {
  /** the exchange */
  id: string;
  /** the JSON-RPC id of the client's request: the response event is the one that answers it */
  rpcId: string | number;
  hub: TrafficHub;
  status: number;
  headers: HeaderList;
  maxBytes: number;
  /** aborts when the client leaves */
  gone: AbortSignal;
  /** each chunk read from the server (restarts the idle limit) */
  onChunk: () => void;
  /** time held by the user is not counted: the limits stop while the event waits */
  pause: () => void;
  resume: () => void;
}

/**
 * Copy an SSE answer event by event, holding its response event; returns why, when the client did not get it whole
 * ('broken': the server's stream failed), as `pipeAnswer` does.
 */
export async function holdSseResponse(
  body: ReadableStream<Uint8Array>,
  res: ServerResponse,
  at: SseHold,
): Promise<string | undefined> {
  const { id, hub } = at;
  const decoder = new TextDecoder();
  /** write to the client, then tell the page; false once the client has gone */
  const send = async (piece: Uint8Array | string): Promise<boolean> => {
    const drained = res.write(piece);
    const text = typeof piece === 'string' ? piece : decoder.decode(piece);
    if (text) hub.emit({ type: 'response-chunk', id, at: hub.now(), text });
    if (!drained) await drainedOrClosed(res);
    return !res.destroyed;
  };

  const reader = body.getReader();
  const splitter = new SseSplitter();
  let total = 0;
  let held: { event: Uint8Array; data: string } | undefined;
  const after: Uint8Array[] = [];
  let handedOn = false;
  try {
    while (!held) {
      const { done, value } = await reader.read();
      if (done) break;
      at.onChunk();
      total += value.byteLength;
      if (total > at.maxBytes) {
        res.destroy();
        return `the answer passed the proxy's limit of ${at.maxBytes} bytes`;
      }
      for (const event of splitter.push(value)) {
        if (held) {
          after.push(event);
          continue;
        }
        const data: string | undefined = eventData(event);
        if (isResponseTo(data, at.rpcId)) held = { event, data: data! };
        else if (!(await send(event))) return 'the client stopped reading the answer';
      }
    }
    if (!held) {
      // the stream ended with no response to the request: nothing to hold
      const rest = splitter.rest();
      if (rest.byteLength && !(await send(rest))) return 'the client stopped reading the answer';
      res.end();
      return undefined;
    }

    at.pause();
    const decision = await hub.hold(
      { id, stage: 'response', headers: at.headers, body: held.data, status: at.status, sse: true },
      at.gone,
    );
    at.resume();
    if (decision.kind === 'client-gone') return 'the client stopped waiting while the answer was held';
    if (decision.kind === 'drop') {
      await send(messageEvent(droppedError(at.rpcId, 'response')));
      res.end();
      return "dropped in the inspector (held server's answer)";
    }
    // the head is out: an edit can change the event's data only
    for (const piece of [decision.body === undefined ? held.event : withData(held.event, decision.body), ...after])
      if (!(await send(piece))) return 'the client stopped reading the answer';
    const rest = splitter.rest();
    if (rest.byteLength && !(await send(rest))) return 'the client stopped reading the answer';
    reader.releaseLock();
    handedOn = true;
    return await pipeAnswer(body, res, { id, hub, maxBytes: at.maxBytes, counted: total }, at.onChunk);
  } catch {
    res.destroy();
    return 'broken';
  } finally {
    if (!handedOn) reader.cancel().catch(() => undefined);
  }
}
