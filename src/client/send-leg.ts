import { createParser } from 'eventsource-parser';
import type { Exchange, HeaderList, LiveSseEvent, RecordedResponse, SseEventRecord } from '../protocol/exchange.ts';
import { cancelsByClosing } from '../protocol/classify-exchange.ts';
import { RELAY_CUT_PREFIX } from '../protocol/relay-paths.ts';
import { afterFrame, nextTask } from './next-task.ts';
import { readBody, SLICE_BYTES, type ReadPacing } from './read-body.ts';
import { declaredLength, DIRECT_MAX_RESPONSE_BYTES, overCapMessage } from './response-cap.ts';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface SendLegOptions {
  url: string;
  headers: HeaderList;
  /** the exact body text to send: whatever the user composed, tampered or not */
  body: string;
  fetch: FetchLike;
  signal?: AbortSignal;
  /**
   * Idle limit: to the response headers, then between the progress notifications of an SSE response (a server doing
   * long work says so with `notifications/progress`, and each one restarts this limit)
   */
  timeoutMs?: number;
  /** Total limit of a leg with an idle limit, however steadily progress comes; default 10 minutes (the relay's) */
  maxTotalMs?: number;
  /** Size cap of a direct response (default 64 MiB, the relay's); a relayed one is capped by the relay */
  maxResponseBytes?: number;
  /** JSON-RPC id of the request, used to pick the response out of an SSE stream */
  rpcId?: string | number;
  viaRelay?: boolean;
  /** clock, injectable for tests */
  now?: () => number;
  /** called for each SSE event as it arrives, with its message when it parsed as one (so the page parses it once) */
  onEvent?: (event: LiveSseEvent) => void;
  /** resolves on a later task: where reading a large body gives the page its turn (injectable for tests) */
  nextTask?: () => Promise<void>;
  /**
   * resolves after the page has drawn a frame: around a large body's heavy steps (joining it, parsing it, handing it
   * over), so each has a frame of its own (injectable for tests)
   */
  nextFrame?: () => Promise<void>;
}

/** A leg's total limit when none is given: the relay's total limit, so no call is kept alive forever by progress. */
const DEFAULT_MAX_TOTAL_MS = 10 * 60_000;

/** Most ms of body work (decoding, SSE parsing, JSON.parse) in one task before the page gets its turn. */
const TASK_MS = 8;

/** Counts the body work done since the page last had its turn, and yields once it passes TASK_MS. */
function workClock(now: () => number, nextTask: () => Promise<void>, nextFrame: () => Promise<void>): ReadPacing {
  let spent = 0;
  return {
    /** runs `work`, counting its time */
    run<T>(work: () => T): T {
      const start = now();
      try {
        return work();
      } finally {
        spent += now() - start;
      }
    },
    /** a later task when this task has done enough */
    async breathe(): Promise<void> {
      if (spent < TASK_MS) return;
      spent = 0;
      await nextTask();
    },
    /** a task after the next frame, in any case: around each heavy step at the end of a large body */
    async frameBreak(): Promise<void> {
      spent = 0;
      await nextFrame();
    },
  };
}

function listHeaders(headers: Headers): HeaderList {
  const out: HeaderList = [];
  headers.forEach((value, name) => out.push([name, value]));
  return out;
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isProgress(message: unknown): boolean {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { method?: unknown }).method === 'notifications/progress'
  );
}

function isResponseFor(message: unknown, rpcId: string | number | undefined): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as Record<string, unknown>;
  if (!('result' in m) && !('error' in m)) return false;
  return rpcId === undefined || m.id === rpcId || m.id === null;
}

/** Why a body stopped: the relay's own reason when it cut an SSE stream, else the error (and the relay's caps). */
function streamDropped(error: string, relayCut: string | undefined, viaRelay: boolean | undefined): string {
  if (relayCut) return `the ${relayCut}. The response up to that point is recorded.`;
  const relay = viaRelay
    ? ' (through the relay: it cuts a response past its size cap, 64 MiB unless RELAY_MAX_RESPONSE_BYTES says otherwise, or after its idle and total time limits)'
    : '';
  return `the connection dropped while reading the body: ${error}${relay}`;
}

/**
 * Send one leg: one POST with exactly these headers and body. Never throws: network failures, aborts and timeouts are
 * recorded in the returned exchange.
 */
export async function sendLeg(opts: SendLegOptions): Promise<Exchange> {
  const now = opts.now ?? (() => performance.timeOrigin + performance.now());
  const startedAt = now();
  const controller = new AbortController();
  /** which limit closed the leg, if one did */
  let timedOut: 'idle' | 'total' | undefined;
  const giveUp = (limit: 'idle' | 'total') => () => {
    timedOut = limit;
    controller.abort();
  };
  const idleMs = opts.timeoutMs;
  const totalMs = opts.maxTotalMs ?? DEFAULT_MAX_TOTAL_MS;
  let idleTimer = idleMs !== undefined ? setTimeout(giveUp('idle'), idleMs) : undefined;
  const totalTimer = idleMs !== undefined ? setTimeout(giveUp('total'), totalMs) : undefined;
  /** a progress notification: the server is working, so the idle limit starts again */
  const progressed = () => {
    if (idleTimer === undefined || timedOut) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(giveUp('idle'), idleMs);
  };
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  const request = { url: opts.url, method: 'POST' as const, headers: opts.headers, body: opts.body };
  const base: Exchange = { request, startedAt, durationMs: 0 };
  if (opts.viaRelay) base.viaRelay = true;
  // on 2026-07-28 closing the stream is the cancellation: the message says what giving up did to the server's work
  const cancelled = cancelsByClosing(request) ? '; the inspector closed the stream, which cancelled the request' : '';
  const timeoutMessage = (headersCame: boolean) =>
    (timedOut === 'total'
      ? `the leg passed its total limit of ${totalMs} ms (progress notifications keep a leg alive only up to it)`
      : headersCame
        ? `no response and no progress notification for ${idleMs} ms`
        : `no response within ${idleMs} ms`) + cancelled;
  const failure = (kind: 'network' | 'abort' | 'timeout', message: string): Exchange => ({
    ...base,
    failure: { kind, message },
    durationMs: now() - startedAt,
  });
  try {
    let response: Response;
    try {
      response = await opts.fetch(opts.url, {
        method: 'POST',
        headers: opts.headers,
        body: opts.body,
        signal: controller.signal,
      });
    } catch (err) {
      if (timedOut) return failure('timeout', timeoutMessage(false));
      if (controller.signal.aborted) return failure('abort', `the request was aborted${cancelled}`);
      const message = err instanceof Error ? err.message : String(err);
      return failure('network', message);
    }
    const headersMs = now() - startedAt;
    const contentType = response.headers.get('content-type') ?? '';
    const isSse = contentType.toLowerCase().startsWith('text/event-stream');
    const sseEvents: SseEventRecord[] = [];
    // each event is parsed as it arrives (spread over the stream's chunks), not all at once when it ends: a 32 MB
    // stream parsed in one go at the end was one long frame
    let streamed: unknown;
    const notifications: unknown[] = [];
    let relayCut: string | undefined; // `: relay cut the stream: <why>`, the relay's last word on a stream it cut
    const parser = isSse
      ? createParser({
          onEvent: (ev) => {
            const record: SseEventRecord = { data: ev.data, at: now() - startedAt };
            if (ev.event) record.event = ev.event;
            if (ev.id) record.id = ev.id;
            sseEvents.push(record);
            // only an event without an `event:` field, or `event: message`, carries a JSON-RPC message (HTML SSE:
            // the default type is "message"; 2026-07-28 basic/transports); other event types are recorded, never parsed
            let msg: unknown;
            if (ev.event === undefined || ev.event === 'message') {
              msg = tryParse(ev.data);
              if (isProgress(msg)) progressed();
              if (isResponseFor(msg, opts.rpcId)) streamed = msg;
              else if (msg !== undefined) notifications.push(msg);
            }
            opts.onEvent?.(msg === undefined ? record : { ...record, message: msg });
          },
          onComment: (comment) => {
            if (comment.startsWith(RELAY_CUT_PREFIX)) relayCut = comment;
          },
        })
      : undefined;
    const clock = workClock(() => performance.now(), opts.nextTask ?? nextTask, opts.nextFrame ?? (() => afterFrame()));
    const cap = opts.viaRelay ? undefined : (opts.maxResponseBytes ?? DIRECT_MAX_RESPONSE_BYTES);
    const declared = declaredLength(response.headers);
    // a response declared over the cap is not read at all
    const unread = cap !== undefined && declared !== undefined && declared > cap;
    if (unread) await response.body?.cancel().catch(() => undefined);
    const body = unread
      ? { text: '', size: 0 }
      : await readBody(response, { cap, onText: (chunk) => parser?.feed(chunk), pacing: clock });
    const recorded: RecordedResponse = {
      status: response.status,
      statusText: response.statusText,
      headers: listHeaders(response.headers),
      contentType,
      body: body.text,
      size: body.size,
    };
    const exchange: Exchange = { ...base, response: recorded, headersMs, durationMs: now() - startedAt };
    const large = body.text.length >= SLICE_BYTES;
    if (isSse) {
      recorded.sseEvents = sseEvents;
      if (streamed !== undefined) exchange.message = streamed;
      if (notifications.length) exchange.notifications = notifications;
      if (exchange.message === undefined) recorded.truncated = true;
    } else if (body.text.length > 0 && !('overCap' in body)) {
      // Parsed whatever the content type says, so the leg inspector and the lint can show what the body held; whether
      // the leg counts as a response (application/json only) is decided by classifyExchange, not here.
      if (large) await clock.frameBreak();
      const msg = tryParse(body.text);
      if (msg !== undefined) exchange.message = msg;
    }
    // A large body's end is not one frame: joined, parsed (JSON) and handed over (where the store records and renders
    // it) each after a frame of their own
    if (large) await clock.frameBreak();
    if (cap !== undefined && (unread || 'overCap' in body)) {
      controller.abort();
      exchange.failure = { kind: 'too_large', message: overCapMessage(cap, unread ? declared : undefined) + cancelled };
    } else if (body.error) {
      exchange.failure = timedOut
        ? { kind: 'timeout', message: timeoutMessage(true) }
        : controller.signal.aborted
          ? { kind: 'abort', message: `the request was aborted while reading the body${cancelled}` }
          : { kind: 'stream', message: streamDropped(body.error, relayCut, opts.viaRelay) };
    }
    return exchange;
  } finally {
    clearTimeout(idleTimer);
    clearTimeout(totalTimer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}
