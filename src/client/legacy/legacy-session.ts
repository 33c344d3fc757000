/**
 * The 2025-11-25 session at the client edge (stateful streamable HTTP, `basic/transports` and `basic/lifecycle` of
 * that revision): `initialize` + `notifications/initialized`, `Mcp-Session-Id` and `MCP-Protocol-Version` on every
 * later request, the server's own requests pushed on a POST's SSE stream (or the standalone GET stream) and answered
 * with a JSON-RPC response in a new POST, resumption of a dropped stream with `GET` + `Last-Event-ID` after the
 * server's `retry` delay, and `DELETE` to end the session. Every HTTP exchange is reported as it completes
 * (`onExchange`) with the exact bytes both ways. A pushed request goes to `onPushed`, whose promise resolves with the
 * answer when there is one, while the stream keeps being read. No React, no store.
 */
import type { Exchange, HeaderList } from '../../protocol/exchange.ts';
import type { FetchLike } from '../send-leg.ts';
import type { SseEventRecord } from '../../protocol/exchange.ts';
import { isResponse, listHeaders, toPushed, type Message, type PushedRequest } from './messages.ts';
import { readSse, tryParseJson, type SseReadResult } from './sse-reader.ts';
import { readBody } from '../read-body.ts';
import { declaredLength, DIRECT_MAX_RESPONSE_BYTES, overCapMessage } from '../response-cap.ts';
import { isJsonObject } from '../../protocol/types.ts';
import { goneSessionId, SessionRenewal, sessionGoneLabel } from './session-renewal.ts';
import { asksForTask, taskIdIn, withRelatedTask } from '../../protocol/tasks/legacy-wire.ts';

const LEGACY_PROTOCOL_VERSION = '2025-11-25';

/** What a pushed request is answered with: its `result`, or an `error`. */
export type PushedAnswer = { result: Record<string, unknown> } | { error: { code: number; message: string } };
/**
 * Where a pushed request arrived: the HTTP exchange of its stream (still being read), its SSE event, and the session
 * whose stream it was (its answer goes to that session, even after a new one replaced it).
 */
export interface PushedVia {
  label: string;
  exchange: Exchange;
  event?: SseEventRecord;
  sessionId?: string;
}
/** Answers a pushed request; `null`: the caller posts the answer itself (`respond`). */
export type PushedHandler = (request: PushedRequest, via: PushedVia) => Promise<PushedAnswer | null>;

export interface LegacyExchange {
  /** what this HTTP exchange was: `initialize`, `tools/call`, `answer elicitation/create`, `GET (resume)`, ... */
  label: string;
  exchange: Exchange;
}

export interface LegacySessionOptions {
  url: string;
  fetch: FetchLike;
  clientInfo: { name: string; version: string };
  /** 2025-era client capabilities, declared once in `initialize` */
  capabilities: Record<string, unknown>;
  /** extra headers on every request (Authorization, custom) */
  headers?: Record<string, string>;
  now?: () => number;
  onExchange?: (e: LegacyExchange) => void;
  onNotification?: (message: Record<string, unknown>) => void;
  /** resumption attempts after a dropped stream before the call fails; default 3 */
  maxResumes?: number;
  /** waits `ms` (injectable for tests); default setTimeout */
  sleep?: (ms: number) => Promise<void>;
  /** true when `fetch` goes through the relay, which caps responses itself; else the direct cap applies */
  viaRelay?: boolean;
  /** size cap of a direct response; default 64 MiB (the relay's) */
  maxResponseBytes?: number;
}

/** What the composer changed on a call's request: headers added or replaced, or the whole body written by hand. */
export interface LegacyWire {
  headers?: Record<string, string>;
  body?: string;
}

/** The JSON-RPC id a hand-written body carries, when it parses and has one. */
function idIn(body: string): string | number | undefined {
  const parsed = tryParseJson(body);
  const id = isJsonObject(parsed) ? parsed.id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/** The params a hand-written body carries, when it parses and has them. */
function paramsIn(body: string): Record<string, unknown> | undefined {
  const parsed = tryParseJson(body);
  return isJsonObject(parsed) && isJsonObject(parsed.params) ? parsed.params : undefined;
}

/** A request pushed on a `tasks/cancel` sent for an aborted call belongs to nothing the inspector shows. */
const refuseOnCancel = async (): Promise<PushedAnswer> => ({
  error: { code: -32601, message: 'the inspector cancelled this task and answers nothing on its tasks/cancel' },
});

export class LegacyProtocolError extends Error {
  constructor(
    message: string,
    readonly exchange?: Exchange,
  ) {
    super(message);
  }
}

export interface InitializeOutcome {
  protocolVersion: string;
  serverInfo?: { name?: string; version?: string };
  capabilities: Record<string, unknown>;
  instructions?: string;
}

export class LegacySession {
  sessionId?: string;
  protocolVersion = LEGACY_PROTOCOL_VERSION;
  server?: InitializeOutcome;
  private nextId = 1;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  /** the last `retry` hint the server gave on any stream */
  retryMs = 1000;
  /**
   * who answers requests pushed on the standalone GET stream: the session itself, never the call in flight (a request
   * there belongs to no call, whatever happens to be running); see standalone.ts
   */
  sessionHandler?: PushedHandler;
  /** stops the standalone GET stream, if one is open */
  standaloneStop?: AbortController;
  /** told when the session was re-initialized after the server lost it (a 404 to its Mcp-Session-Id) */
  onRenewed?: () => void;
  /** the extra headers of every request: the given ones, with the Authorization in force */
  private extraHeaders: Record<string, string>;
  /** a new session when the server loses this one (a 404 to its id): one, whichever requests hit the 404 */
  private readonly renewal = new SessionRenewal({
    current: () => this.sessionId,
    restart: async () => {
      this.sessionId = undefined;
      this.server = undefined;
      await this.initialize();
    },
    renewed: () => this.onRenewed?.(),
  });
  /** the session each pushed request not answered yet was asked in, by its JSON-RPC id */
  private readonly askedIn = new Map<string, string | undefined>();

  constructor(private readonly opts: LegacySessionOptions) {
    this.now = opts.now ?? (() => performance.timeOrigin + performance.now());
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.extraHeaders = { ...opts.headers };
  }

  /**
   * The Authorization later requests carry (POSTs, and the GETs that open or resume a stream): a refreshed token, or
   * none (`undefined`). The caller gives only a token issued for this session's server.
   */
  authorize(authorization: string | undefined): void {
    const rest = Object.entries(this.extraHeaders).filter(([name]) => name.toLowerCase() !== 'authorization');
    this.extraHeaders = Object.fromEntries(authorization ? [...rest, ['authorization', authorization]] : rest);
  }

  /** the id the session's next request will carry (it numbers its requests itself) */
  get nextRequestId(): number {
    return this.nextId;
  }

  /** the session's MCP endpoint */
  get url(): string {
    return this.opts.url;
  }

  private headers(extra: Record<string, string> = {}, sessionId = this.sessionId): HeaderList {
    const h: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...this.extraHeaders,
      ...extra,
    };
    if (sessionId) h['mcp-session-id'] = sessionId;
    if (this.server) h['mcp-protocol-version'] = this.protocolVersion;
    return Object.entries(h);
  }

  /**
   * Sends one HTTP request and reads its answer. JSON and SSE bodies are both read; each message of an SSE body is
   * handed to `onMessage` as it arrives. Never throws for HTTP statuses: the caller reads the exchange. It goes to
   * the session in force (after any renewal under way), or to `opts.sessionId` when given. A 404 to a session id
   * (the server lost the session) is labelled so and starts the one renewal (`renewal`: the caller may wait for it);
   * `opts.renew: false` keeps the handshake itself from starting one.
   */
  private async http(
    label: string,
    method: 'POST' | 'GET' | 'DELETE',
    body: string | undefined,
    onMessage: (m: Message, via: PushedVia) => boolean | void,
    extra: Record<string, string> = {},
    signal?: AbortSignal,
    opts: { renew?: boolean; sessionId?: string } = {},
  ): Promise<{ exchange: Exchange; sse?: SseReadResult; renewal?: Promise<void> }> {
    const renews = opts.renew !== false && method !== 'DELETE';
    if (renews && this.renewal.underWay) await this.renewal.settled();
    const sessionId = opts.sessionId ?? this.sessionId;
    const headers = this.headers(method === 'POST' ? extra : { ...extra, 'content-type': '' }, sessionId);
    const sentHeaders = headers.filter(([, v]) => v !== '');
    const startedAt = this.now();
    // RecordedRequest is POST-shaped; GET/DELETE legs record their method in the label and an empty body.
    const exchange: Exchange = {
      request: { url: this.opts.url, method: 'POST', headers: sentHeaders, body: body ?? '' },
      startedAt,
      durationMs: 0,
    };
    let res: Response;
    try {
      res = await this.opts.fetch(this.opts.url, {
        method,
        headers: sentHeaders,
        ...(body === undefined ? {} : { body }),
        ...(signal ? { signal } : {}),
      });
    } catch (err) {
      exchange.failure = { kind: 'network', message: err instanceof Error ? err.message : String(err) };
      exchange.durationMs = this.now() - startedAt;
      this.opts.onExchange?.({ label, exchange });
      return { exchange };
    }
    exchange.headersMs = this.now() - startedAt;
    // 2025-11-25 transports: a 404 to a request that carried Mcp-Session-Id means the session is gone
    const gone = goneSessionId(res.status, sessionId);
    if (gone !== undefined) label = sessionGoneLabel(label);
    const contentType = res.headers.get('content-type') ?? '';
    const recorded = {
      status: res.status,
      statusText: res.statusText,
      headers: listHeaders(res.headers),
      contentType,
      body: '',
      size: 0,
    };
    exchange.response = recorded;
    let sse: SseReadResult | undefined;
    const cap = this.opts.viaRelay ? undefined : (this.opts.maxResponseBytes ?? DIRECT_MAX_RESPONSE_BYTES);
    const declared = declaredLength(res.headers);
    if (cap !== undefined && declared !== undefined && declared > cap) {
      // declared over the cap: not read at all
      await res.body?.cancel().catch(() => undefined);
      exchange.failure = { kind: 'too_large', message: overCapMessage(cap, declared) };
    } else if (contentType.toLowerCase().startsWith('text/event-stream')) {
      const notifications: unknown[] = [];
      sse = await readSse(
        res,
        startedAt,
        this.now,
        (m, event) => {
          if (!isJsonObject(m)) return false;
          if (isResponse(m)) exchange.message = m;
          else notifications.push(m);
          return onMessage(m, this.via(m, { label, exchange, event }, sessionId));
        },
        cap,
      );
      Object.assign(recorded, { body: sse.text, size: sse.size, sseEvents: sse.events });
      if (notifications.length) exchange.notifications = notifications;
      if (sse.overCap && cap !== undefined) exchange.failure = { kind: 'too_large', message: overCapMessage(cap) };
      else if (sse.error) exchange.failure = { kind: 'stream', message: `the stream dropped: ${sse.error}` };
      if (sse.retryMs !== undefined) this.retryMs = sse.retryMs;
    } else {
      const body = await readBody(res, { cap });
      Object.assign(recorded, { body: body.text, size: body.size });
      if (body.overCap && cap !== undefined) exchange.failure = { kind: 'too_large', message: overCapMessage(cap) };
      else if (body.error !== undefined)
        exchange.failure = { kind: 'stream', message: `the connection dropped while reading the body: ${body.error}` };
      const m = body.text && !body.overCap && body.error === undefined ? tryParseJson(body.text) : undefined;
      if (m !== undefined) exchange.message = m;
      if (isJsonObject(m)) onMessage(m, this.via(m, { label, exchange }, sessionId));
    }
    exchange.durationMs = this.now() - startedAt;
    this.opts.onExchange?.({ label, exchange });
    const renewal = gone !== undefined && renews && !signal?.aborted ? this.renewal.renew(gone) : undefined;
    return renewal ? { exchange, sse, renewal } : { exchange, sse };
  }

  /** Where `m` came: a pushed request also notes the session that asked it (its answer goes there). */
  private via(m: Message, via: PushedVia, sessionId: string | undefined): PushedVia {
    const pushed = toPushed(m);
    if (!pushed) return via;
    this.askedIn.set(String(pushed.id), sessionId);
    return sessionId === undefined ? via : { ...via, sessionId };
  }

  /** `initialize`, then `notifications/initialized`. Throws LegacyProtocolError when the server refuses. */
  async initialize(): Promise<InitializeOutcome> {
    const id = this.nextId++;
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'initialize',
      params: {
        protocolVersion: LEGACY_PROTOCOL_VERSION,
        capabilities: this.opts.capabilities,
        clientInfo: this.opts.clientInfo,
      },
    });
    const { exchange } = await this.http('initialize', 'POST', body, () => {}, {}, undefined, { renew: false });
    const m = exchange.message;
    if (!exchange.response || !isJsonObject(m) || !isJsonObject(m.result)) {
      const why = isJsonObject(m) && isJsonObject(m.error) ? `${String(m.error.code)} ${String(m.error.message)}` : '';
      throw new LegacyProtocolError(
        `initialize failed (${exchange.failure?.message ?? `HTTP ${exchange.response?.status}`}${why ? `: ${why}` : ''})`,
        exchange,
      );
    }
    const result = m.result;
    const sid = exchange.response.headers.find(([k]) => k.toLowerCase() === 'mcp-session-id')?.[1];
    if (sid) this.sessionId = sid;
    this.protocolVersion =
      typeof result.protocolVersion === 'string' ? result.protocolVersion : LEGACY_PROTOCOL_VERSION;
    const outcome: InitializeOutcome = {
      protocolVersion: this.protocolVersion,
      capabilities: isJsonObject(result.capabilities) ? result.capabilities : {},
    };
    if (isJsonObject(result.serverInfo)) outcome.serverInfo = result.serverInfo as InitializeOutcome['serverInfo'];
    if (typeof result.instructions === 'string') outcome.instructions = result.instructions;
    this.server = outcome;
    await this.http(
      'notifications/initialized',
      'POST',
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      () => {},
      {},
      undefined,
      { renew: false },
    );
    return outcome;
  }

  /**
   * Posts the answer to a pushed request (the server acknowledges with 202); a result answering a request about a
   * task names that task too (`withRelatedTask`).
   */
  async answer(request: PushedRequest, answer: PushedAnswer, askedIn?: string): Promise<Exchange> {
    const sent = 'result' in answer ? { result: withRelatedTask(answer.result, request.params) } : answer;
    return this.respond(request, JSON.stringify({ jsonrpc: '2.0', id: request.id, ...sent }), {}, askedIn);
  }

  /**
   * Posts `body` (a JSON-RPC response written or edited by hand) as the answer to `request`, byte for byte. It goes
   * to the session that asked (`askedIn`, else the one whose stream last brought that id), even when a new session
   * has replaced it since: the new session never asked it, and its server numbers its own requests afresh, so the
   * same id there could name a different request. The old session's server then answers 404, which is recorded: the
   * answer was not delivered. A 404 to the session in force starts a new session (the answer is not sent again).
   */
  async respond(
    request: PushedRequest,
    body: string,
    extra: Record<string, string> = {},
    askedIn?: string,
  ): Promise<Exchange> {
    const key = String(request.id);
    const sessionId = askedIn ?? this.askedIn.get(key);
    this.askedIn.delete(key);
    const sent = await this.http(`answer ${request.method}`, 'POST', body, () => {}, extra, undefined, {
      ...(sessionId !== undefined ? { sessionId } : {}),
    });
    await sent.renewal?.catch(() => undefined);
    return sent.exchange;
  }

  /**
   * Sends a request and resolves with its JSON-RPC response. Server requests pushed on its stream go to `onPushed`;
   * each answer is POSTed as soon as `onPushed` resolves. A stream that ends before the response is resumed with
   * `GET` + `Last-Event-ID` (the last id any of its streams carried) after the server's `retry` delay (at most
   * `maxResumes` times). A 404 to the session's id means the server lost the session: a new `initialize` without the
   * id, then the request again in the new session. An abort tells the server with `notifications/cancelled`; a
   * task-augmented request (`params.task`) is never cancelled that way (2025-11-25 cancellation: `tasks/cancel` MUST be
   * used instead), but with `tasks/cancel` once its stream has named the task (its CreateTaskResult, a status
   * notification, a related-task); aborted before that, there is no task id to cancel.
   */
  async request(
    method: string,
    params: Record<string, unknown> | undefined,
    onPushed: PushedHandler,
    signal?: AbortSignal,
    wire: LegacyWire = {},
  ): Promise<Message> {
    let id: unknown = this.nextId++;
    // a body written by hand goes out as it is; its own id is the one its response answers
    const rawId = wire.body === undefined ? undefined : idIn(wire.body);
    if (rawId !== undefined) id = rawId;
    const extra = wire.headers ?? {};
    const taskAugmented = asksForTask(wire.body === undefined ? params : paramsIn(wire.body));
    let taskId: string | undefined;
    let response: Message | undefined;
    const answers: Promise<unknown>[] = [];
    const onMessage = (m: Message, via: PushedVia): boolean => {
      if (taskAugmented && (!isResponse(m) || m.id === id)) taskId ??= taskIdIn(m);
      if (isResponse(m) && m.id === id) {
        response = m;
        return true;
      }
      const pushed = toPushed(m);
      if (pushed) answers.push(onPushed(pushed, via).then((a) => a && this.answer(pushed, a, via.sessionId)));
      else if (!isResponse(m)) this.opts.onNotification?.(m);
      return false;
    };
    const bodyOf = () => wire.body ?? JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
    const first = await this.http(method, 'POST', bodyOf(), onMessage, extra, signal);
    let { exchange, sse } = first;
    if (first.renewal) {
      // the session was gone: once the new one is up, the request goes again in it (with a new id)
      await first.renewal;
      if (wire.body === undefined) id = this.nextId++;
      ({ exchange, sse } = await this.http(method, 'POST', bodyOf(), onMessage, extra, signal));
    }
    let resumes = 0;
    // the last event id seen on any stream of this request: a resumption that carried no new id keeps it
    let lastEventId = sse?.lastEventId;
    // a response stopped at the size cap is not asked for again: it would only come back as large
    const resumable = () => exchange.failure?.kind !== 'too_large';
    while (
      !response &&
      lastEventId &&
      sse &&
      resumable() &&
      !signal?.aborted &&
      resumes < (this.opts.maxResumes ?? 3)
    ) {
      resumes++;
      await this.sleep(sse.retryMs ?? this.retryMs);
      ({ exchange, sse } = await this.http(
        `GET (resume after ${lastEventId})`,
        'GET',
        undefined,
        onMessage,
        { 'last-event-id': lastEventId },
        signal,
      ));
      lastEventId = sse?.lastEventId ?? lastEventId;
    }
    if (signal?.aborted && taskAugmented && taskId !== undefined) {
      // the task may run on whether or not its CreateTaskResult came back: cancel the task itself
      await this.request('tasks/cancel', { taskId }, refuseOnCancel).catch(() => undefined);
    } else if (!response && signal?.aborted && !taskAugmented) {
      // the server may still be working on it: say the client gave up (2025-11-25 basic/utilities/cancellation)
      await this.notify('notifications/cancelled', { requestId: id, reason: 'aborted in the inspector' }).catch(
        () => undefined,
      );
    }
    await Promise.all(answers);
    if (response) return response;
    throw new LegacyProtocolError(
      exchange.failure?.message ?? `no JSON-RPC response to ${method} (HTTP ${exchange.response?.status})`,
      exchange,
    );
  }

  /**
   * A notification POST (202 expected). A 404 to the session starts a new one; the notification is not sent again
   * (what it said was about the session that is gone).
   */
  async notify(method: string, params?: Record<string, unknown>): Promise<Exchange> {
    const body = JSON.stringify({ jsonrpc: '2.0', method, ...(params ? { params } : {}) });
    const sent = await this.http(method, 'POST', body, () => {});
    await sent.renewal?.catch(() => undefined);
    return sent.exchange;
  }

  /**
   * Opens the standalone GET stream for server messages outside any request; runs until `signal` aborts or the
   * server closes it. Pushed requests are answered like those on a POST stream.
   */
  async listen(onPushed: PushedHandler, signal: AbortSignal): Promise<Exchange> {
    return (await this.listenOnce(onPushed, signal)).exchange;
  }

  /** `listen`, resuming after `lastEventId` when given; resolves with the exchange and the last event id it saw. */
  async listenOnce(
    onPushed: PushedHandler,
    signal: AbortSignal,
    lastEventId?: string,
  ): Promise<{ exchange: Exchange; lastEventId?: string }> {
    const onMessage = (m: Message, via: PushedVia) => {
      const pushed = toPushed(m);
      if (pushed) void onPushed(pushed, via).then((a) => a && this.answer(pushed, a, via.sessionId));
      else if (!isResponse(m)) this.opts.onNotification?.(m);
    };
    const label = lastEventId ? `GET (standalone stream, resume after ${lastEventId})` : 'GET (standalone stream)';
    const extra: Record<string, string> = lastEventId ? { 'last-event-id': lastEventId } : {};
    const { exchange, sse, renewal } = await this.http(label, 'GET', undefined, onMessage, extra, signal);
    // a 404: the session is gone; the new one opens its own stream (`onRenewed`)
    await renewal?.catch(() => undefined);
    return sse?.lastEventId ? { exchange, lastEventId: sse.lastEventId } : { exchange };
  }

  /** Waits `ms` with the session's clock (injectable in tests). */
  wait(ms: number): Promise<void> {
    return this.sleep(ms);
  }

  /** Ends the session (`DELETE`); the server answers 200/204, or 405 when it does not let clients end sessions. */
  async close(): Promise<Exchange | undefined> {
    this.standaloneStop?.abort();
    if (!this.sessionId) return undefined;
    const { exchange } = await this.http('DELETE (end session)', 'DELETE', undefined, () => {});
    this.sessionId = undefined;
    return exchange;
  }
}
