import type { Exchange, HeaderList, LiveSseEvent } from '../protocol/exchange.ts';
import { cancelsByClosing } from '../protocol/classify-exchange.ts';
import { readAnswer, streamDropped } from './read-answer.ts';
import { DIRECT_MAX_RESPONSE_BYTES, overCapMessage } from './response-cap.ts';

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
    const cap = opts.viaRelay ? undefined : (opts.maxResponseBytes ?? DIRECT_MAX_RESPONSE_BYTES);
    const read = await readAnswer(response, {
      base,
      now,
      cap,
      rpcId: opts.rpcId,
      onEvent: opts.onEvent,
      onProgress: progressed,
      nextTask: opts.nextTask,
      nextFrame: opts.nextFrame,
    });
    const { exchange } = read;
    if (cap !== undefined && read.overCap) {
      controller.abort();
      exchange.failure = { kind: 'too_large', message: overCapMessage(cap, read.overCap.declared) + cancelled };
    } else if (read.bodyError !== undefined) {
      exchange.failure = timedOut
        ? { kind: 'timeout', message: timeoutMessage(true) }
        : controller.signal.aborted
          ? { kind: 'abort', message: `the request was aborted while reading the body${cancelled}` }
          : { kind: 'stream', message: streamDropped(read.bodyError, read.relayCut, opts.viaRelay) };
    }
    return exchange;
  } finally {
    clearTimeout(idleTimer);
    clearTimeout(totalTimer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}
