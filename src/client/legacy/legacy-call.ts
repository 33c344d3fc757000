/**
 * One call over a 2025-11-25 session, taken step by step: the call goes out once, and every request the server pushes
 * on the call's own response stream (elicitation, sampling, roots, ping) comes back as a step the caller shows and answers in its own
 * time, with a JSON-RPC response it may have written or edited by hand (`respond`). The last step is the call's own
 * response (or why it never came). A request on the session's standalone GET stream is not a step of the call, even
 * while the call is in flight: it belongs to the session (standalone.ts). No React, no store: the store turns steps into
 * legs.
 */
import type { Exchange } from '../../protocol/exchange.ts';
import {
  LegacyProtocolError,
  type LegacySession,
  type LegacyWire,
  type PushedHandler,
  type PushedVia,
} from './legacy-session.ts';
import type { PushedRequest } from './messages.ts';

export type CallStep =
  /** the server pushed a request; `exchange` shows the stream it came on, up to and including that event */
  | { kind: 'pushed'; request: PushedRequest; exchange: Exchange }
  /** the call is over: its last HTTP exchange (the POST stream, or the GET that resumed it) and why it failed, if so */
  | { kind: 'done'; failure?: string; error?: LegacyProtocolError };

/** A snapshot of the live exchange a pushed request arrived on: the request, the status, and that one event. */
export function pushedExchange(request: PushedRequest, via: PushedVia, now: number): Exchange {
  const live = via.exchange;
  const data = via.event?.data ?? JSON.stringify({ jsonrpc: '2.0', ...request });
  const out: Exchange = {
    request: live.request,
    startedAt: now,
    durationMs: 0,
    message: {
      jsonrpc: '2.0',
      id: request.id,
      method: request.method,
      ...(request.params ? { params: request.params } : {}),
    },
  };
  if (live.viaRelay) out.viaRelay = true;
  if (live.response) {
    const event = via.event;
    const raw = `${event?.id ? `id: ${event.id}\n` : ''}${event?.event ? `event: ${event.event}\n` : ''}data: ${data}\n\n`;
    out.response = {
      ...live.response,
      body: raw,
      size: new TextEncoder().encode(raw).byteLength,
      ...(event ? { sseEvents: [event] } : {}),
    };
  }
  return out;
}

export class LegacyCall {
  private readonly steps: CallStep[] = [];
  private waiting?: (step: CallStep) => void;
  /** pushed requests not answered yet, by id, with the session that asked each */
  private readonly open = new Map<string, { request: PushedRequest; askedIn?: string }>();
  done = false;

  constructor(
    private readonly session: LegacySession,
    method: string,
    params: Record<string, unknown> | undefined,
    signal: AbortSignal,
    now: () => number,
    /** the composer's edits of the call's request (headers, a body written by hand) */
    wire: LegacyWire = {},
  ) {
    const onPushed: PushedHandler = async (request, via) => {
      this.open.set(String(request.id), { request, ...(via.sessionId ? { askedIn: via.sessionId } : {}) });
      this.push({ kind: 'pushed', request, exchange: pushedExchange(request, via, now()) });
      return null; // answered by `respond`, when the user sends it
    };
    session.request(method, params, onPushed, signal, wire).then(
      () => this.finish({ kind: 'done' }),
      (err: unknown) =>
        this.finish({
          kind: 'done',
          failure: err instanceof Error ? err.message : String(err),
          ...(err instanceof LegacyProtocolError ? { error: err } : {}),
        }),
    );
  }

  private push(step: CallStep): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) waiting(step);
    else this.steps.push(step);
  }

  private finish(step: CallStep): void {
    this.done = true;
    this.push(step);
  }

  /** The next step: a pushed request, or the end of the call. */
  next(): Promise<CallStep> {
    const ready = this.steps.shift();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /**
   * Posts `body` as the answer to the pushed request `id` (the server acknowledges with 202), to the session that
   * asked it (see `LegacySession.respond`).
   */
  async respond(id: string | number, body: string, headers: Record<string, string> = {}): Promise<Exchange> {
    const open = this.open.get(String(id));
    this.open.delete(String(id));
    return this.session.respond(open?.request ?? { id, method: 'response' }, body, headers, open?.askedIn);
  }
}
