/**
 * The session stream of a stdio bridge: what the page's `GET` (the 2025-11-25 standalone stream) carries. A stdio
 * server's requests (elicitation, sampling, roots, ping) go here, because stdio says nothing about which request of
 * the page's they relate to, and so do its notifications when no request is in flight to carry them. What arrives
 * while no stream is open waits (at most `maxQueued` messages; the oldest go first) and is sent when the page opens
 * one. One stream at a time: a new `GET` ends the previous one (a reloaded page reopens it). Pure over Web streams.
 */
import type { RpcMessage } from './stdio-leg.ts';

export interface SessionStream {
  /** send `message` on the open stream, or keep it until one opens */
  push(message: RpcMessage): void;
  /** the page's GET: an SSE response carrying what waited and everything after */
  open(): Response;
  /** end the open stream (the server exited, the bridge closes) */
  close(): void;
  /** messages waiting for a stream, and how many were dropped for room */
  readonly queued: number;
  readonly dropped: number;
}

const encoder = new TextEncoder();
const event = (message: RpcMessage) => encoder.encode(`event: message\ndata: ${JSON.stringify(message)}\n\n`);

export function createSessionStream(maxQueued = 200): SessionStream {
  const waiting: RpcMessage[] = [];
  let dropped = 0;
  let current: ReadableStreamDefaultController<Uint8Array> | undefined;

  const end = () => {
    const open = current;
    current = undefined;
    try {
      open?.close();
    } catch {
      // already closed by the page
    }
  };

  return {
    push(message) {
      if (current) {
        current.enqueue(event(message));
        return;
      }
      waiting.push(message);
      if (waiting.length > maxQueued) {
        waiting.shift();
        dropped++;
      }
    },
    open() {
      end();
      let mine: ReadableStreamDefaultController<Uint8Array> | undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          mine = controller;
          current = controller;
          // a comment first, so the page's fetch resolves at once even when nothing is waiting
          controller.enqueue(encoder.encode(': stdio session stream\n\n'));
          for (const m of waiting.splice(0)) controller.enqueue(event(m));
        },
        cancel() {
          if (current === mine) current = undefined;
        },
      });
      return new Response(body, {
        status: 200,
        headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' },
      });
    },
    close: end,
    get queued() {
      return waiting.length;
    },
    get dropped() {
      return dropped;
    },
  };
}
