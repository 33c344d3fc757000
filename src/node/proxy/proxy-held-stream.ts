/**
 * Holding the server's response inside an SSE answer. The events before it (notifications, requests the server
 * pushes) go to the client as they arrive; the event carrying the JSON-RPC response to the client's request waits for
 * the user: Forward sends it (as it came, or with the body the user edited), Drop sends an error event saying so in
 * its place. The answer's status and headers went out with the first event, so only that event's data can change.
 * What follows the held event goes on after it. Node-only.
 */
import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { HeaderList } from '../../protocol/exchange.ts';
import { drainedOrClosed } from '../http-forwarding/copy-stream.ts';
import { droppedError } from './proxy-answers.ts';
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
 * Copy an SSE answer event by event, holding its response event, then the rest chunk by chunk as it comes; returns
 * why, when the client did not get it whole ('broken': the server's stream failed), as `pipeAnswer` does.
 */
export async function holdSseResponse(body: Readable, res: ServerResponse, at: SseHold): Promise<string | undefined> {
  const { id, hub } = at;
  const decoder = new TextDecoder();
  /** write to the client, then tell the page; false once the client has gone */
  const send = async (piece: Uint8Array | string): Promise<boolean> => {
    const drained = res.write(piece);
    // whole events end on a line break, so only the raw chunks after the held event can leave a character pending
    const text = typeof piece === 'string' ? piece : decoder.decode(piece, { stream: true });
    if (text) hub.emit({ type: 'response-chunk', id, at: hub.now(), text });
    if (!drained) await drainedOrClosed(res);
    return !res.destroyed;
  };
  const GONE = 'the client stopped reading the answer';

  /** The user's decision on the held event, then it (as it came, edited, or an error in its place) and what followed. */
  const release = async (
    held: { event: Uint8Array; data: string },
    after: Uint8Array[],
  ): Promise<string | undefined> => {
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
      if (!(await send(piece))) return GONE;
    return undefined;
  };

  const splitter = new SseSplitter();
  let total = 0;
  let held: { event: Uint8Array; data: string } | undefined;
  let released = false;
  try {
    // leaving the loop early (a return) destroys the stream: the server's answer is read no further
    for await (const value of body as AsyncIterable<Buffer>) {
      at.onChunk();
      total += value.byteLength;
      if (total > at.maxBytes) {
        res.destroy();
        return `the answer passed the proxy's limit of ${at.maxBytes} bytes`;
      }
      if (released) {
        if (!(await send(value))) return GONE;
        continue;
      }
      const after: Uint8Array[] = [];
      for (const event of splitter.push(value)) {
        if (held) {
          after.push(event);
          continue;
        }
        const data: string | undefined = eventData(event);
        if (isResponseTo(data, at.rpcId)) held = { event, data: data! };
        else if (!(await send(event))) return GONE;
      }
      if (!held) continue;
      const failure = await release(held, after);
      if (failure !== undefined) return failure;
      released = true;
      // what came after the held event's last line, not yet a whole event, goes on as it is
      const rest = splitter.rest();
      if (rest.byteLength && !(await send(rest))) return GONE;
    }
    // the stream ended (with no response to the request, nothing was held): what is left of a last event goes on
    const rest = released ? new Uint8Array(0) : splitter.rest();
    if (rest.byteLength && !(await send(rest))) return GONE;
    res.end();
    return undefined;
  } catch {
    res.destroy();
    return 'broken';
  }
}
