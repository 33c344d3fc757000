/**
 * A watched client's traffic (through the inspector's proxy) as the session's own conversations: which conversation
 * each request joins, and the session events that record it. Pure: requests and exchanges in, events out.
 *
 * An MRTR call's rounds are one conversation, linked by proxy, client, method, name and the requestState chain (a
 * retry carries the state the last round returned: a plain state such as "step1" names no call of another client); a
 * round that returned no requestState links the retry that answers exactly the keys it asked. A request a 2025-11-25 server pushes on a
 * call's stream is a leg of that call (as the app's own pushed legs are), and the client's answer to it (a POST of a
 * JSON-RPC response with the pushed request's id, in the same session) is attached to that leg: the conversation reads
 * call -> pushed request -> answer -> result. Everything else a client sends (discover, lists, initialize,
 * notifications, an answer to a request pushed outside any call, a 2025-11-25 session's GET and DELETE) goes into
 * one "other traffic" conversation per client. Each conversation is labelled with the client's name and version, read
 * from the request's `_meta` clientInfo or, on a 2025-11-25 session, from its `initialize`.
 */
import { WATCHED_TRAFFIC } from './watched-kind.ts';
import { rpcIdOf } from '../../../protocol/rpc-id.ts';
import { headerValue, type Exchange, type HeaderList } from '../../../protocol/exchange.ts';
import { asJsonObject, META_CLIENT_CAPABILITIES, META_CLIENT_INFO } from '../../../protocol/types.ts';
import type { ClientCapabilities, InputResponse, JsonObject, RpcId } from '../../../protocol/types.ts';
import type { SessionEvent } from '../../events.ts';
import type { SentFacts, SessionState } from '../../model.ts';
import { pushedFacts } from '../legacy-call/pushed-legs.ts';

/** A request a client sent through a proxy, as the proxy reported it. */
export interface WatchedRequest {
  proxyId: string;
  exchangeId: string;
  httpMethod: string;
  url: string;
  headers: HeaderList;
  body: string;
  at: number;
}

export interface WatchGroups {
  /**
   * `proxyId \n client \n method \n name \n requestState` → the conversation a retry with that state joins; for a
   * round that returned none, `requestState` is the keys it asked (`statelessLink`)
   */
  byState: Record<string, string>;
  /**
   * a 2025-11-25 session (`Mcp-Session-Id`) → its client's label, from its initialize; a client with no session id
   * (a stdio tap: the process is the session) under its `answeredAt` key instead
   */
  sessions: Record<string, string>;
  /** `proxyId \n client` → that client's "other traffic" conversation */
  other: Record<string, string>;
  /** exchange id → where it was placed (until it is recorded) */
  placed: Record<string, Placed>;
  /** `proxyId \n session \n id` of a request pushed on a call's stream → its leg (until the client answers it) */
  pushed: Record<string, PushedLeg>;
}

interface PushedLeg {
  conversationId: string;
  legId: string;
  /** the input request key the pushed leg shows it under */
  key: string;
}

interface Placed {
  conversationId: string;
  rpcId: RpcId;
  sent: SentFacts;
  /** the call's proxy, client, method and name, when it is a call (its answer's requestState links the next round) */
  call?: { proxyId: string; client: string; method: string; name: string };
  /** an initialize: its answer's session id is labelled with this client */
  initializeOf?: string;
  /** where a request pushed on this exchange's stream is answered from: its proxy and session ('' for none) */
  answeredAt: string;
  /** the client's answer to a pushed request: recorded on that request's leg */
  answers?: PushedLeg;
}

export const emptyWatchGroups: WatchGroups = { byState: {}, sessions: {}, other: {}, placed: {}, pushed: {} };

const CALL_METHODS = new Set(['tools/call', 'prompts/get', 'resources/read']);

interface Parsed {
  method?: string;
  id?: RpcId;
  params: JsonObject;
  /** a JSON-RPC response (`result` or `error`, no method) */
  response?: true;
  /** a response's `result`, when it is an object */
  result?: JsonObject;
}

function parse(body: string): Parsed {
  try {
    const m = JSON.parse(body) as {
      method?: unknown;
      id?: unknown;
      params?: unknown;
      result?: unknown;
      error?: unknown;
    };
    const parsed: Parsed = {
      params: asJsonObject(m.params) ?? {},
    };
    if (typeof m.method === 'string') parsed.method = m.method;
    const id = rpcIdOf(m);
    if (id !== undefined) parsed.id = id;
    if (parsed.method === undefined && (m.result !== undefined || m.error !== undefined)) parsed.response = true;
    const result = parsed.response && asJsonObject(m.result);
    if (result) parsed.result = result as JsonObject;
    return parsed;
  } catch {
    return { params: {} };
  }
}

function infoLabel(info: unknown): string | undefined {
  const o = asJsonObject(info);
  if (!o || typeof o.name !== 'string') return undefined;
  return typeof o.version === 'string' ? `${o.name} ${o.version}` : o.name;
}

/** The client's name and version: from `_meta` clientInfo, an initialize's clientInfo, or its session's initialize. */
function clientLabel(groups: WatchGroups, parsed: Parsed, headers: HeaderList, proxyId: string): string {
  const meta = asJsonObject(parsed.params._meta);
  const fromMeta = infoLabel(meta?.[META_CLIENT_INFO]);
  if (fromMeta) return fromMeta;
  if (parsed.method === 'initialize') {
    const fromInit = infoLabel(parsed.params.clientInfo);
    if (fromInit) return fromInit;
  }
  const session = headerValue(headers, 'mcp-session-id');
  if (session) return groups.sessions[session] ?? 'unknown client';
  return groups.sessions[answeredAt(proxyId, headers)] ?? 'unknown client';
}

function nameOf(method: string, params: JsonObject): string {
  const value = method === 'resources/read' ? params.uri : params.name;
  return typeof value === 'string' ? value : '';
}

function stateKey(call: { proxyId: string; client: string; method: string; name: string }, state: string): string {
  return `${call.proxyId}\n${call.client}\n${call.method}\n${call.name}\n${state}`;
}

/**
 * What stands for the state of a round that returned none (a requestState is optional): the keys it asked, so the
 * retry answering exactly those keys is linked. NUL starts it, so no real state (a string on the wire) reads the same.
 */
function statelessLink(keys: readonly string[]): string {
  return `\u0000asked\u0000${[...keys].sort().join('\u0000')}`;
}

/** Where a client answers a server's requests: its proxy and its 2025-11-25 session (server ids are per session). */
function answeredAt(proxyId: string, headers: HeaderList): string {
  return `${proxyId}\n${headerValue(headers, 'mcp-session-id') ?? ''}`;
}

function pushedKey(at: string, id: RpcId): string {
  return `${at}\n${typeof id}:${String(id)}`;
}

/** What the client sent, as the leg inspector and lint read a leg's facts. */
function sentFacts(parsed: Parsed, conversationMethod: string): SentFacts {
  const meta = asJsonObject(parsed.params._meta);
  const capabilities = (asJsonObject(meta?.[META_CLIENT_CAPABILITIES]) ?? {}) as ClientCapabilities;
  const inputResponses = asJsonObject(parsed.params.inputResponses) as Record<string, InputResponse> | undefined;
  const sent: SentFacts = {
    params: parsed.params,
    answeredKeys: inputResponses ? Object.keys(inputResponses) : [],
    unansweredKeys: [],
    requestStateEdited: false,
    bodyEdited: false,
    capabilities,
  };
  if (inputResponses) sent.inputResponses = inputResponses;
  if (typeof parsed.params.requestState === 'string') sent.requestState = parsed.params.requestState;
  if (parsed.method && parsed.method !== conversationMethod) sent.method = parsed.method;
  return sent;
}

/**
 * Place a watched request: the conversation it joins (started when new) and the event that shows it in flight.
 * `newId` makes a conversation id.
 */
export function placeWatchedRequest(
  groups: WatchGroups,
  req: WatchedRequest,
  newId: () => string,
): { groups: WatchGroups; events: SessionEvent[] } {
  const parsed = parse(req.body);
  const client = clientLabel(groups, parsed, req.headers, req.proxyId);
  const watched = { proxyId: req.proxyId, client, exchange: req.exchangeId };
  const events: SessionEvent[] = [];
  const method = parsed.method;
  const rpcId: RpcId = parsed.id ?? `${req.httpMethod} ${req.exchangeId}`;
  const at = answeredAt(req.proxyId, req.headers);
  const answers = parsed.response && parsed.id !== undefined ? groups.pushed[pushedKey(at, parsed.id)] : undefined;
  let placed: Placed;
  if (answers) {
    // the client's answer to a request pushed on a call's stream: that call goes on once the server has it
    const sent = sentFacts(parsed, 'response');
    sent.method = 'response';
    // what the app's own answer to a pushed request records: the answer under the pushed leg's key
    if (parsed.result) {
      sent.answeredKeys = [answers.key];
      sent.inputResponses = { [answers.key]: parsed.result as InputResponse };
    } else sent.unansweredKeys = [answers.key];
    placed = { conversationId: answers.conversationId, rpcId, sent, answeredAt: at, answers };
  } else if (req.httpMethod === 'POST' && method && CALL_METHODS.has(method) && parsed.id !== undefined) {
    const name = nameOf(method, parsed.params);
    const call = { proxyId: req.proxyId, client, method, name };
    const state = typeof parsed.params.requestState === 'string' ? parsed.params.requestState : undefined;
    const answered = asJsonObject(parsed.params.inputResponses);
    const link = state ?? (answered ? statelessLink(Object.keys(answered)) : undefined);
    const known = link === undefined ? undefined : groups.byState[stateKey(call, link)];
    const conversationId = known ?? newId();
    if (!known) {
      events.push({
        type: 'conversation/started',
        kind: 'watched-call',
        id: conversationId,
        title: `${name} · ${client}`,
        method,
        params: parsed.params,
        serverUrl: req.url,
        capabilities: sentFacts(parsed, method).capabilities,
        at: req.at,
        watched,
      });
    }
    placed = { conversationId, rpcId, sent: sentFacts(parsed, method), call, answeredAt: at };
  } else {
    const key = `${req.proxyId}\n${client}`;
    const known = groups.other[key];
    const conversationId = known ?? newId();
    if (!known) {
      events.push({
        type: 'conversation/started',
        kind: 'watched-traffic',
        id: conversationId,
        title: `${client} · other traffic`,
        method: WATCHED_TRAFFIC,
        params: {},
        serverUrl: req.url,
        capabilities: {},
        at: req.at,
        watched,
      });
    }
    const sent = sentFacts(parsed, WATCHED_TRAFFIC);
    // a GET (a 2025-11-25 stream), a DELETE or a client's answer to a pushed request has no method of its own
    sent.method = method ?? (req.httpMethod === 'POST' ? 'response' : req.httpMethod);
    placed = { conversationId, rpcId, sent, answeredAt: at };
    if (method === 'initialize') placed.initializeOf = client;
    groups = { ...groups, other: known ? groups.other : { ...groups.other, [key]: conversationId } };
  }
  placed.sent.watchedExchange = req.exchangeId;
  events.push({ type: 'leg/sent', conversationId: placed.conversationId, rpcId, at: req.at });
  return { groups: { ...groups, placed: { ...groups.placed, [req.exchangeId]: placed } }, events };
}

/** A watched exchange a session already recorded: its conversation, and whether its leg is recorded there too. */
export interface RecordedExchange {
  conversationId: string;
  recorded: boolean;
}

/**
 * The watched exchanges a session already recorded (a saved session, restored by a reloaded page): those that started a
 * conversation, and those recorded as legs. The stream that tells their run again from its start must not start or
 * record them twice.
 */
export function recordedWatchedExchanges(session: SessionState): Map<string, RecordedExchange> {
  const held = new Map<string, RecordedExchange>();
  for (const c of Object.values(session.conversations))
    if (c.watched?.exchange) held.set(c.watched.exchange, { conversationId: c.id, recorded: false });
  for (const leg of Object.values(session.legs)) {
    if (!session.conversations[leg.conversationId]?.watched) continue;
    for (const key of [leg.sent.watchedExchange, leg.answer?.sent.watchedExchange])
      if (key) held.set(key, { conversationId: leg.conversationId, recorded: true });
  }
  return held;
}

/**
 * The head of a watched answer arrived: an initialize's session id is known from here on, so the requests its client
 * sends before that answer's stream ends (notifications/initialized, the call) are labelled with the client too.
 */
export function noteWatchedHead(groups: WatchGroups, exchangeId: string, headers: HeaderList): WatchGroups {
  const placed = groups.placed[exchangeId];
  const client = placed?.initializeOf;
  // with no session id (stdio through a tap), the client is the one the proxy or tap carries
  const session = headerValue(headers, 'mcp-session-id') ?? placed?.answeredAt;
  if (!client || !session || groups.sessions[session] === client) return groups;
  return { ...groups, sessions: { ...groups.sessions, [session]: client } };
}

/**
 * The JSON-RPC response of a watched exchange is whole (before the exchange is recorded): an `input_required` result's
 * requestState links the retry that carries it, which the client may send at once.
 */
export function noteWatchedAnswer(groups: WatchGroups, exchangeId: string, message: unknown): WatchGroups {
  const placed = groups.placed[exchangeId];
  const result = asJsonObject(asJsonObject(message)?.result);
  if (!placed?.call || result?.resultType !== 'input_required') return groups;
  const asked = asJsonObject(result.inputRequests);
  const link =
    typeof result.requestState === 'string'
      ? result.requestState
      : asked
        ? statelessLink(Object.keys(asked))
        : undefined;
  if (link === undefined) return groups;
  const key = stateKey(placed.call, link);
  if (groups.byState[key] === placed.conversationId) return groups;
  return { ...groups, byState: { ...groups.byState, [key]: placed.conversationId } };
}

/**
 * Record a watched exchange once it ended: the leg event, and what links later requests to it (the requestState an
 * `input_required` answer returned; the session id an initialize got).
 */
export function recordWatchedExchange(
  groups: WatchGroups,
  exchangeId: string,
  legId: string,
  exchange: Exchange,
): { groups: WatchGroups; events: SessionEvent[] } {
  const placed = groups.placed[exchangeId];
  if (!placed) return { groups, events: [] };
  const { [exchangeId]: _done, ...rest } = groups.placed;
  // the requestState an input_required answer returned links the retry (if it was not told as it arrived)
  let next: WatchGroups = { ...noteWatchedAnswer(groups, exchangeId, exchange.message), placed: rest };
  if (placed.answers) {
    const legId = placed.answers.legId;
    const pushed = Object.fromEntries(Object.entries(next.pushed).filter(([, p]) => p.legId !== legId));
    const event: SessionEvent = {
      type: 'leg/answered',
      conversationId: placed.conversationId,
      legId,
      exchange,
      sent: placed.sent,
      at: exchange.startedAt,
    };
    return { groups: { ...next, pushed }, events: [event] };
  }
  if (placed.call) {
    // the call ended: a request it pushed and the client never answered is answered by nobody now
    const conversationId = placed.conversationId;
    next = {
      ...next,
      pushed: Object.fromEntries(Object.entries(next.pushed).filter(([, p]) => p.conversationId !== conversationId)),
    };
  }
  const session = exchange.response && headerValue(exchange.response.headers, 'mcp-session-id');
  if (placed.initializeOf && session)
    next = { ...next, sessions: { ...next.sessions, [session]: placed.initializeOf } };
  const event: SessionEvent = {
    type: 'leg/recorded',
    conversationId: placed.conversationId,
    legId,
    rpcId: placed.rpcId,
    exchange,
    sent: placed.sent,
  };
  return { groups: next, events: [event] };
}

/**
 * A request the server pushed on a watched call's stream (2025-11-25): a leg of that call, direction server -> client,
 * whose answer the client POSTs next. `exchange` is the call's request with the one SSE event that carried it (its
 * `message` the pushed request). Anything other than a request on a call's stream records nothing.
 */
export function recordWatchedPushed(
  groups: WatchGroups,
  exchangeId: string,
  legId: string,
  exchange: Exchange,
): { groups: WatchGroups; events: SessionEvent[] } {
  const placed = groups.placed[exchangeId];
  const message = asJsonObject(exchange.message);
  const id = message?.id;
  if (!placed?.call || typeof message?.method !== 'string' || (typeof id !== 'string' && typeof id !== 'number'))
    return { groups, events: [] };
  const key = pushedKey(placed.answeredAt, id);
  // told twice (a reconnected stream replays what it carried): one leg
  if (groups.pushed[key]?.conversationId === placed.conversationId) return { groups, events: [] };
  const pushed = pushedFacts(id, message.method);
  const event: SessionEvent = {
    type: 'leg/recorded',
    conversationId: placed.conversationId,
    legId,
    rpcId: id,
    exchange,
    sent: placed.sent,
    pushed,
  };
  const leg: PushedLeg = { conversationId: placed.conversationId, legId, key: pushed.key };
  return {
    groups: { ...groups, pushed: { ...groups.pushed, [key]: leg } },
    events: [event],
  };
}
