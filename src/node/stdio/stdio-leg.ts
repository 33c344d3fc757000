/**
 * One request in flight through the stdio bridge, and how its answer goes back to the page. Notifications the server
 * writes while the request runs (progress, logging, list changes; a subscription's notifications) are related to it
 * as the streamable HTTP transport relates them: on the request's own SSE stream, before the final response. The
 * first thing the server writes decides the shape: the response first (nothing to stream) -> one `application/json`
 * answer, exactly as before; a notification first (and the page accepts `text/event-stream`) -> an SSE stream of every
 * notification, then the response. Pure over Web streams; the bridge feeds it (stdio-routing.ts says which leg).
 */

export type RpcMessage = Record<string, unknown>;

export interface StdioLeg {
  progressToken?: unknown;
  /** set on a `subscriptions/listen` leg: the id the server knows it by, which its notifications carry */
  subscriptionId?: string;
  notify(note: RpcMessage): void;
  /** the response (or an error the bridge made, answered with `status` when no stream has begun) */
  finish(response: RpcMessage, status?: number): void;
  /**
   * no response will come (a subscription the server tore down): a stream ends after what it carried; a page that
   * got nothing yet gets `fallback` instead
   */
  end(fallback: RpcMessage): void;
  /**
   * the answer for the page; `timeoutMs` undefined waits as long as the page does (a subscription), `onCancel` runs
   * when the page closes a stream before the response
   */
  answer(opts: {
    sse: boolean;
    timeoutMs: number | undefined;
    onTimeout: () => RpcMessage;
    onCancel: () => void;
  }): Promise<Response>;
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-store' };

function sseEvent(message: RpcMessage): string {
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}

export function createStdioLeg(link: { progressToken?: unknown; subscriptionId?: string } = {}): StdioLeg {
  const notes: RpcMessage[] = [];
  let response: RpcMessage | undefined;
  let status = 200;
  let ended: RpcMessage | undefined;
  let wake: () => void = () => {};
  let changed = new Promise<void>((resolve) => (wake = resolve));
  const signal = () => {
    const w = wake;
    changed = new Promise<void>((resolve) => (wake = resolve));
    w();
  };
  const leg: StdioLeg = {
    notify(note) {
      if (response || ended) return;
      notes.push(note);
      signal();
    },
    finish(message, answerStatus = 200) {
      if (response || ended) return;
      response = message;
      status = answerStatus;
      signal();
    },
    end(fallback) {
      if (response || ended) return;
      ended = fallback;
      signal();
    },
    async answer({ sse, timeoutMs, onTimeout, onCancel }) {
      const deadline = timeoutMs === undefined ? Infinity : Date.now() + timeoutMs;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waitChange = () =>
        deadline === Infinity
          ? changed
          : Promise.race([
              changed,
              new Promise<void>((resolve) => {
                timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
              }),
            ]).finally(() => clearTimeout(timer));
      // the page cannot read a stream: it gets the response alone (notifications stay in the bridge's log)
      while (!response && !ended && (!sse || notes.length === 0)) {
        if (Date.now() >= deadline)
          return new Response(JSON.stringify(onTimeout()), { status: 504, headers: JSON_HEADERS });
        await waitChange();
      }
      if (!sse || notes.length === 0) {
        return response
          ? new Response(JSON.stringify(response), { status, headers: JSON_HEADERS })
          : new Response(JSON.stringify(ended), { status: 502, headers: JSON_HEADERS });
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
            if (ended || response || Date.now() >= deadline) {
              if (!ended) controller.enqueue(encoder.encode(sseEvent(response ?? onTimeout())));
              closed = true;
              controller.close();
              return;
            }
            await waitChange();
          }
        },
        cancel() {
          if (!closed && !response && !ended) onCancel();
        },
      });
      return new Response(body, { status: 200, headers: SSE_HEADERS });
    },
  };
  if (link.progressToken !== undefined) leg.progressToken = link.progressToken;
  if (link.subscriptionId !== undefined) leg.subscriptionId = link.subscriptionId;
  return leg;
}
