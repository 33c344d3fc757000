/**
 * The page's side of the inspector's proxy: the live event stream (`POST /__proxy/events` with the relay token),
 * the controls (`POST /__proxy/control`), and each watched exchange turned into a recorded `Exchange` by the
 * recorder (the app's own response reader, fed the bytes the proxy reports as they arrive, so a watched leg is parsed
 * exactly as the app's own); and each request a server pushes on an answer's SSE stream, told the moment its event is
 * whole (before the client's answer to it can arrive).
 */
import { rpcIdOfBody } from '../protocol/rpc-id.ts';
import { createParser, type EventSourceMessage, type EventSourceParser } from 'eventsource-parser';
import type { Exchange, HeaderList, SseEventRecord } from '../protocol/exchange.ts';
import { isJsonObject } from '../protocol/types.ts';
import {
  parseProxyEventId,
  watchedExchangeKey,
  PROXY_CONTROL_PATH,
  PROXY_EVENTS_PATH,
  type ProxyControl,
  type ProxyEvent,
  type ProxyEventPlace,
} from '../protocol/proxy-wire.ts';
import { recordAnswered, recordUnanswered, type WatchedRequest } from './leg-recorder.ts';

export interface ProxyFeedOptions {
  token: string;
  /** each event with the run it belongs to (`''` if its id named none): a restarted inspector's run is a new one */
  onEvent: (event: ProxyEvent, run: string) => void;
  signal: AbortSignal;
  /** the app's origin ('' = same origin) */
  base?: string;
  fetch?: typeof fetch;
  /** wait before reconnecting a broken stream (default 1 s) */
  retryMs?: number;
  /** told when the stream connects (true) or breaks (false) */
  onConnected?: (connected: boolean) => void;
  /** told before the events of each read of the stream (a store may hold what they change, to apply it at once) */
  onRead?: () => void;
}

/**
 * Reads the proxy event stream until `signal` aborts, reconnecting after a break. Each event is told once: the stream
 * resumes after the last event told (`Last-Event-ID`), and an event at or before it, should one come again, is not
 * told again (a half-told exchange fed its bytes twice would record them twice). A restarted inspector's stream (a new
 * run of ids) is told whole, each event with its run: the new run numbers its exchanges from `x1` again.
 */
export async function runProxyFeed(opts: ProxyFeedOptions): Promise<void> {
  const fetchImpl = opts.fetch ?? globalThis.fetch;
  let last: ProxyEventPlace | undefined;
  let lastId: string | undefined;
  while (!opts.signal.aborted) {
    try {
      const res = await fetchImpl(`${opts.base ?? ''}${PROXY_EVENTS_PATH}`, {
        method: 'POST',
        headers: { 'x-relay-token': opts.token, ...(lastId ? { 'last-event-id': lastId } : {}) },
        credentials: 'omit',
        signal: opts.signal,
      });
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      opts.onConnected?.(true);
      const parser = createParser({
        onEvent: (e) => {
          const place = parseProxyEventId(e.id);
          if (place && last?.run === place.run && place.n <= last.n) return;
          if (place) {
            last = place;
            lastId = e.id;
          }
          try {
            opts.onEvent(JSON.parse(e.data) as ProxyEvent, last?.run ?? '');
          } catch {
            // a line that is not an event is skipped: the stream goes on
          }
        },
      });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        opts.onRead?.();
        parser.feed(r.value);
      }
    } catch {
      if (opts.signal.aborted) return;
    }
    opts.onConnected?.(false);
    await new Promise((resolve) => setTimeout(resolve, opts.retryMs ?? 1000));
  }
}

/** One control to the proxies; resolves with the answer's JSON, or throws with the refusal's message. */
export async function proxyControl(
  token: string,
  control: ProxyControl,
  fetchImpl: typeof fetch = globalThis.fetch,
  base = '',
): Promise<Record<string, unknown>> {
  const res = await fetchImpl(`${base}${PROXY_CONTROL_PATH}`, {
    method: 'POST',
    headers: { 'x-relay-token': token, 'content-type': 'application/json' },
    credentials: 'omit',
    body: JSON.stringify(control),
  });
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown> & { error?: { message?: string } };
  if (!res.ok) throw new Error(data.error?.message ?? `HTTP ${res.status}`);
  return data;
}

interface Pending {
  url: string;
  httpMethod: string;
  headers: HeaderList;
  body: string;
  at: number;
  rpcId?: string | number;
  stream?: ReadableStreamDefaultController<Uint8Array>;
  /** the answer being read since its head came, recorded when its body ends */
  recording?: Promise<Exchange>;
  /** the answer's head, and the reader of its SSE events (for the requests the server pushes on it) */
  response?: { status: number; statusText: string; headers: HeaderList };
  events?: EventSourceParser;
  /** a JSON answer's text so far (until it is whole and told), its bytes so far and its Content-Length */
  json?: { text: string; bytes: number; length?: number };
}

/** What the page is told as it arrives, before the exchange ends and is recorded. */
export interface LiveMessages {
  /** a request a server pushes on an SSE answer, as that event arrives */
  onPushed?: (exchangeId: string, exchange: Exchange) => void;
  /** the JSON-RPC response of an answer, once it is whole (an SSE event, or a JSON body) */
  onAnswer?: (exchangeId: string, message: Record<string, unknown>) => void;
}

/** Why an exchange of an earlier run never ends: the inspector that carried it is gone. */
export const INSPECTOR_RESTARTED = 'the inspector restarted before this exchange ended';
/** Why an exchange never ends in the page: the page fell behind the stream and part of it is no longer held. */
export const PAGE_MISSED = "this page fell behind the proxies' event stream and missed the rest of this exchange";

/** A JSON answer longer than this is told only when its exchange is recorded. */
const LIVE_JSON_BYTES = 1 << 20;

type Kind = 'request' | 'response';

/** The JSON-RPC message in `text` and whether it is a request (an id and a method) or a response, else undefined. */
function rpcMessage(text: string): { kind: Kind; message: Record<string, unknown> } | undefined {
  try {
    const m = JSON.parse(text) as unknown;
    if (!isJsonObject(m)) return undefined;
    const id = m.id;
    if (typeof id !== 'string' && typeof id !== 'number') return undefined;
    if (typeof m.method === 'string') return { kind: 'request', message: m };
    return m.result !== undefined || m.error !== undefined ? { kind: 'response', message: m } : undefined;
  } catch {
    return undefined;
  }
}

/** The pushed request as a leg's exchange: the call's request, and the one SSE event that carried it. */
function pushedExchange(p: Pending, event: EventSourceMessage, message: unknown, at: number): Exchange {
  const head = p.response!;
  const raw = `${event.id ? `id: ${event.id}\n` : ''}${event.event ? `event: ${event.event}\n` : ''}data: ${event.data}\n\n`;
  const record: SseEventRecord = { data: event.data, at: at - p.at };
  if (event.id) record.id = event.id;
  if (event.event) record.event = event.event;
  return {
    request: { url: p.url, method: 'POST', headers: p.headers, body: p.body },
    response: {
      status: head.status,
      statusText: head.statusText,
      headers: head.headers,
      contentType: 'text/event-stream',
      body: raw,
      size: new TextEncoder().encode(raw).byteLength,
      sseEvents: [record],
    },
    message,
    startedAt: at,
    durationMs: 0,
  };
}

/**
 * Turns the proxy's events for each exchange into one recorded `Exchange` (`onExchange`, when the exchange ended)
 * through the recorder (leg-recorder.ts): the answer's head and chunks, as the proxy reports them, are read by the
 * app's own response reader, so its SSE parsing, timings, message and notifications are those of the app's legs. The request recorded is the one that went to the server (edited, if it was).
 * `live` is told what an answer carries as it arrives (a client may act on it before the exchange is recorded).
 * Exchanges are named by their key (`watchedExchangeKey`: run and id). When a new run begins (the inspector restarted),
 * the exchanges of the old run still open are recorded as failed: nothing more of them will come; so are those open
 * when the page is told it `missed` events (it fell behind and their rest is gone).
 */
export function watchedExchanges(
  onExchange: (exchangeId: string, exchange: Exchange) => void,
  now = Date.now,
  live: LiveMessages = {},
) {
  const { onPushed, onAnswer } = live;
  const pending = new Map<string, Pending>();
  const encoder = new TextEncoder();
  let currentRun: string | undefined;

  /** The leg as the watcher saw it go to the server. */
  function legOf(p: Pending): WatchedRequest {
    const method = p.httpMethod === 'GET' || p.httpMethod === 'DELETE' ? p.httpMethod : 'POST';
    const leg: WatchedRequest = {
      request: { url: p.url, method, headers: p.headers, body: p.body },
      startedAt: p.at,
    };
    if (p.rpcId !== undefined) leg.rpcId = p.rpcId;
    return leg;
  }

  /** the exchanges told so far, in the order they ended */
  let told: Promise<unknown> = Promise.resolve();

  /**
   * An exchange ended: it is told once it is recorded, after every exchange that ended before it. Reading a body takes
   * longer than recording a bodiless 202, so without this a host's `notifications/initialized` (sent after its
   * initialize was answered) could be listed before that initialize.
   */
  function ended(id: string, recording: Exchange | Promise<Exchange>): void {
    // one that throws where it is told must not keep the later ones untold
    told = Promise.all([told, recording])
      .then(([, exchange]) => onExchange(id, exchange))
      .catch((error: unknown) => console.error('a watched exchange could not be recorded', error));
  }

  /** A JSON answer is whole: its response is told once. */
  function tellJson(id: string, p: Pending): void {
    if (!p.json) return;
    const rpc = rpcMessage(p.json.text);
    delete p.json;
    if (rpc?.kind === 'response') onAnswer?.(id, rpc.message);
  }

  /** Every exchange still open ends as failed (`why`): nothing more of it will come. */
  function endAll(why: string): void {
    for (const [key, p] of pending) {
      if (!p.stream) ended(key, recordUnanswered(legOf(p), why, now));
      else {
        p.stream.error(new Error(why));
        ended(key, p.recording!);
      }
    }
    pending.clear();
  }

  return (event: ProxyEvent, run = ''): void => {
    if (currentRun !== undefined && run !== currentRun) endAll(INSPECTOR_RESTARTED);
    currentRun = run;
    // events of the exchanges open are lost: what was recorded of them is kept, as cut
    if (event.type === 'missed') return endAll(PAGE_MISSED);
    if (event.type === 'request') {
      const key = watchedExchangeKey(run, event.id);
      if (pending.has(key)) return;
      // a body that is not JSON has no id to pick the answer by
      const rpcId = rpcIdOfBody(event.body);
      const p: Pending = {
        url: event.url,
        httpMethod: event.method,
        headers: event.headers,
        body: event.body,
        at: event.at,
      };
      if (rpcId !== undefined) p.rpcId = rpcId;
      pending.set(key, p);
      return;
    }
    if (!('id' in event)) return;
    const key = watchedExchangeKey(run, event.id);
    const p = pending.get(key);
    if (!p) return;
    switch (event.type) {
      case 'request-sent':
        p.headers = event.headers;
        p.body = event.body;
        return;
      case 'response-head': {
        if (p.stream) return; // a held answer the user edited: its head comes again
        p.response = { status: event.status, statusText: event.statusText, headers: event.headers };
        const contentType = event.headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
        if (contentType.toLowerCase().includes('text/event-stream')) {
          p.events = createParser({
            onEvent: (e) => {
              const rpc = rpcMessage(e.data);
              if (rpc?.kind === 'request') onPushed?.(key, pushedExchange(p, e, rpc.message, now()));
              if (rpc?.kind === 'response') onAnswer?.(key, rpc.message);
            },
          });
        } else if (onAnswer && contentType.toLowerCase().includes('application/json')) {
          const length = Number(event.headers.find(([k]) => k.toLowerCase() === 'content-length')?.[1]);
          p.json = { text: '', bytes: 0, ...(Number.isInteger(length) && length > 0 ? { length } : {}) };
        }
        const body = new ReadableStream<Uint8Array>({ start: (c) => void (p.stream = c) });
        const head = new Response(event.status === 204 || event.status === 304 ? null : body, {
          status: event.status,
          statusText: event.statusText,
          headers: event.headers,
        });
        p.recording = recordAnswered(legOf(p), head, now);
        return;
      }
      case 'response-chunk': {
        const bytes = encoder.encode(event.text);
        p.stream?.enqueue(bytes);
        p.events?.feed(event.text);
        if (p.json) {
          p.json.text += event.text;
          p.json.bytes += bytes.byteLength;
          if (p.json.bytes > LIVE_JSON_BYTES) delete p.json;
          else if (p.json.length !== undefined && p.json.bytes >= p.json.length) tellJson(key, p);
        }
        return;
      }
      case 'response-end':
        // nothing more of it comes: it is no longer open (should a new run begin before it is recorded)
        pending.delete(key);
        if (!event.failure) tellJson(key, p);
        if (!p.stream) return ended(key, recordUnanswered(legOf(p), event.failure ?? 'no answer', now));
        if (event.failure) p.stream.error(new Error(event.failure));
        else p.stream.close();
        ended(key, p.recording!);
        return;
      default:
        return;
    }
  };
}
