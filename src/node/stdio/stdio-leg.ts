/**
 * One request in flight through the stdio bridge, and how its answer goes back to the page. Notifications the server
 * writes while the request runs (progress, logging, list changes) are related to it as the streamable HTTP transport
 * relates them: on the request's own SSE stream, before the final response. The first thing the server writes
 * decides the shape: the response first (nothing to stream) -> one `application/json` answer, exactly as before; a
 * notification first (and the page accepts `text/event-stream`) -> an SSE stream of every notification, then the
 * response. Pure over Web streams; the bridge feeds it.
 */

export type RpcMessage = Record<string, unknown>;

/** Which in-flight requests a notification from a stdio server belongs to (stdio carries no other link). */
export function relatedLegs<L extends { progressToken?: unknown }>(note: RpcMessage, legs: readonly L[]): L[] {
  const params = (typeof note.params === 'object' && note.params !== null ? note.params : {}) as RpcMessage;
  if (note.method === 'notifications/progress' && params.progressToken !== undefined) {
    // a progress notification names its request by the token the page sent
    return legs.filter((l) => l.progressToken !== undefined && l.progressToken === params.progressToken);
  }
  // anything else (a log message, list_changed): every request in flight when it was written
  return [...legs];
}

/** The `_meta.progressToken` a request carries, if any. */
export function progressTokenOf(message: RpcMessage): unknown {
  const params = message.params;
  if (typeof params !== 'object' || params === null) return undefined;
  const meta = (params as RpcMessage)._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  return (meta as RpcMessage).progressToken;
}

export interface StdioLeg {
  progressToken?: unknown;
  notify(note: RpcMessage): void;
  finish(response: RpcMessage): void;
  /** the answer for the page; `onCancel` runs when the page closes a stream before the response */
  answer(opts: {
    sse: boolean;
    timeoutMs: number;
    onTimeout: () => RpcMessage;
    onCancel: () => void;
  }): Promise<Response>;
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-store' };

function sseEvent(message: RpcMessage): string {
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}

export function createStdioLeg(progressToken?: unknown): StdioLeg {
  const notes: RpcMessage[] = [];
  let response: RpcMessage | undefined;
  let wake: () => void = () => {};
  let changed = new Promise<void>((resolve) => (wake = resolve));
  const signal = () => {
    const w = wake;
    changed = new Promise<void>((resolve) => (wake = resolve));
    w();
  };
  const leg: StdioLeg = {
    notify(note) {
      if (response) return;
      notes.push(note);
      signal();
    },
    finish(message) {
      if (response) return;
      response = message;
      signal();
    },
    async answer({ sse, timeoutMs, onTimeout, onCancel }) {
      const deadline = Date.now() + timeoutMs;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waitChange = () =>
        Promise.race([
          changed,
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
          }),
        ]).finally(() => clearTimeout(timer));
      // the page cannot read a stream: it gets the response alone (notifications stay in the bridge's log)
      while (!response && (!sse || notes.length === 0)) {
        if (Date.now() >= deadline)
          return new Response(JSON.stringify(onTimeout()), { status: 504, headers: JSON_HEADERS });
        await waitChange();
      }
      if (response && (!sse || notes.length === 0)) {
        return new Response(JSON.stringify(response), { status: 200, headers: JSON_HEADERS });
      }
      const encoder = new TextEncoder();
      let sent = 0;
      let closed = false;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          for (;;) {
            if (sent < notes.length) {
              controller.enqueue(encoder.encode(notes.slice(sent).map(sseEvent).join('')));
              sent = notes.length;
              return;
            }
            if (response || Date.now() >= deadline) {
              controller.enqueue(encoder.encode(sseEvent(response ?? onTimeout())));
              closed = true;
              controller.close();
              return;
            }
            await waitChange();
          }
        },
        cancel() {
          if (!closed && !response) onCancel();
        },
      });
      return new Response(body, { status: 200, headers: SSE_HEADERS });
    },
  };
  if (progressToken !== undefined) leg.progressToken = progressToken;
  return leg;
}
