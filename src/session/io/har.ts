import { headerValue, type Exchange, type HeaderList } from '../../protocol/exchange.ts';
import type { Conversation, Leg, SessionState } from '../model.ts';
import { redactSession, type NotSecret } from './redact.ts';

/** HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) as far as this app writes it. */
interface HarHeader {
  name: string;
  value: string;
}

interface HarEntry {
  pageref: string;
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: never[];
    headers: HarHeader[];
    queryString: HarHeader[];
    postData: { mimeType: string; text: string };
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: never[];
    headers: HarHeader[];
    content: { size: number; mimeType: string; text?: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
    /** Chrome's field for a request that got no response */
    _error?: string;
  };
  cache: Record<string, never>;
  timings: { blocked: number; dns: number; connect: number; ssl: number; send: number; wait: number; receive: number };
  /** the MRTR facts of this leg (custom fields start with "_" in HAR) */
  _mrtr: MrtrFacts;
}

interface MrtrFacts {
  conversationId: string;
  conversationTitle: string;
  method: string;
  legId: string;
  parentLegId?: string;
  /** 1-based round within its conversation */
  round: number;
  rpcId: string | number;
  outcome: Leg['outcome']['kind'];
  stateOnly?: boolean;
  inputRequestKeys?: string[];
  answeredKeys: string[];
  unansweredKeys: string[];
  requestStateSent: boolean;
  requestStateReturnedBytes?: number;
  requestStateEdited: boolean;
  bodyEdited: boolean;
  errorCode?: number;
  forkOf?: { conversationId: string; legId: string };
  viaRelay: boolean;
  sseEventCount?: number;
}

export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    pages: { startedDateTime: string; id: string; title: string; pageTimings: Record<string, never> }[];
    entries: HarEntry[];
    comment?: string;
    _mrtr: { redacted: boolean; conversations: number };
  };
}

export interface HarOptions {
  /** one conversation (with the legs it shares with its parent) instead of every leg */
  conversationId?: string;
  /** keep Authorization and other secret headers (default: redacted) */
  includeSecrets?: boolean;
  /** custom header names and `?query` names the user marked "not secret" (kept when secrets are redacted) */
  notSecret?: NotSecret;
  creatorVersion?: string;
}

const utf8 = new TextEncoder();
const bytes = (text: string) => utf8.encode(text).byteLength;
const iso = (ms: number) => new Date(Number.isFinite(ms) ? ms : 0).toISOString();
const harHeaders = (list: HeaderList): HarHeader[] => list.map(([name, value]) => ({ name, value }));

function queryString(url: string): HarHeader[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

function facts(leg: Leg, conversation: Conversation, round: number): MrtrFacts {
  const o = leg.outcome;
  const f: MrtrFacts = {
    conversationId: conversation.id,
    conversationTitle: conversation.title,
    method: conversation.method,
    legId: leg.id,
    round,
    rpcId: leg.rpcId,
    outcome: o.kind,
    answeredKeys: leg.sent.answeredKeys,
    unansweredKeys: leg.sent.unansweredKeys,
    requestStateSent: leg.sent.requestState !== undefined,
    requestStateEdited: leg.sent.requestStateEdited,
    bodyEdited: leg.sent.bodyEdited,
    viaRelay: Boolean(leg.exchange.viaRelay),
  };
  if (leg.parentLegId) f.parentLegId = leg.parentLegId;
  if (o.kind === 'input_required') {
    f.stateOnly = o.stateOnly;
    f.inputRequestKeys = Object.keys(o.inputRequests ?? {});
    if (o.requestState !== undefined) f.requestStateReturnedBytes = bytes(o.requestState);
  }
  if (o.kind === 'error') f.errorCode = o.error.code;
  if (conversation.forkOf) f.forkOf = conversation.forkOf;
  if (leg.exchange.response?.sseEvents) f.sseEventCount = leg.exchange.response.sseEvents.length;
  return f;
}

function harResponse(exchange: Exchange): HarEntry['response'] {
  const r = exchange.response;
  if (!r) {
    return {
      status: 0,
      statusText: '',
      httpVersion: '',
      cookies: [],
      headers: [],
      content: { size: 0, mimeType: 'x-unknown' },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
      _error: exchange.failure ? `${exchange.failure.kind}: ${exchange.failure.message}` : 'no response',
    };
  }
  const out: HarEntry['response'] = {
    status: r.status,
    statusText: r.statusText,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: harHeaders(r.headers),
    content: { size: r.size, mimeType: r.contentType || 'x-unknown', text: r.body },
    redirectURL: headerValue(r.headers, 'location') ?? '',
    headersSize: -1,
    bodySize: r.size,
  };
  if (exchange.failure) out._error = `${exchange.failure.kind}: ${exchange.failure.message}`;
  return out;
}

function entry(leg: Leg, conversation: Conversation, round: number): HarEntry {
  const { exchange } = leg;
  const wait = Math.max(0, exchange.headersMs ?? exchange.durationMs);
  return {
    pageref: conversation.id,
    startedDateTime: iso(exchange.startedAt),
    time: Math.max(0, exchange.durationMs),
    request: {
      method: exchange.request.method,
      url: exchange.request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: harHeaders(exchange.request.headers),
      queryString: queryString(exchange.request.url),
      postData: {
        mimeType: headerValue(exchange.request.headers, 'content-type') ?? 'application/json',
        text: exchange.request.body,
      },
      headersSize: -1,
      bodySize: bytes(exchange.request.body),
    },
    response: harResponse(exchange),
    cache: {},
    timings: {
      blocked: -1,
      dns: -1,
      connect: -1,
      ssl: -1,
      send: 0,
      wait,
      receive: Math.max(0, exchange.durationMs - wait),
    },
    _mrtr: facts(leg, conversation, round),
  };
}

/**
 * HAR 1.2 of the session: one page per conversation, one entry per leg (a leg shared by a fork appears once, under
 * the conversation that sent it, unless one conversation is exported). Secrets are redacted unless included.
 */
export function toHar(input: SessionState, opts: HarOptions = {}): Har {
  const session = opts.includeSecrets ? input : redactSession(input, opts.notSecret);
  const ids = opts.conversationId ? [opts.conversationId] : session.order;
  const pages: Har['log']['pages'] = [];
  const entries: HarEntry[] = [];
  for (const id of ids) {
    const c = session.conversations[id];
    if (!c) continue;
    c.legIds.forEach((legId, i) => {
      const leg = session.legs[legId];
      if (!leg || (!opts.conversationId && leg.conversationId !== c.id)) return;
      entries.push(entry(leg, c, i + 1));
    });
    const first = c.legIds[0] ? session.legs[c.legIds[0]] : undefined;
    pages.push({
      startedDateTime: iso(first?.exchange.startedAt ?? c.createdAt),
      id: c.id,
      title: `${c.title} (${c.method})`,
      pageTimings: {},
    });
  }
  entries.sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime));
  return {
    log: {
      version: '1.2',
      creator: { name: 'MRTR Inspector', version: opts.creatorVersion ?? '0.1.0' },
      pages,
      entries,
      comment: 'MCP 2026-07-28 multi-round-trip legs; _mrtr on each entry holds conversation, round and outcome.',
      _mrtr: { redacted: !opts.includeSecrets, conversations: pages.length },
    },
  };
}
