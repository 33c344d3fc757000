import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../protocol/exchange.ts';
import { reduceMany } from '../../reduce-many.ts';
import { emptySession } from '../../model.ts';
import {
  emptyWatchGroups,
  noteWatchedAnswer,
  noteWatchedHead,
  placeWatchedRequest,
  recordWatchedExchange,
  recordWatchedPushed,
  type WatchGroups,
} from './watched.ts';
import type { SessionEvent } from '../../events.ts';
import { redactSession } from '../../io/redact.ts';
import { parseSessionFile, serializeSessionFile, toSessionFile } from '../../io/session-file.ts';

const URL = 'http://127.0.0.1:8765/mcp';
const META = {
  'io.modelcontextprotocol/clientInfo': { name: 'mcp', version: '2.3.0' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
};

const confirm = { method: 'elicitation/create', params: { message: 'Go?', requestedSchema: { type: 'object' } } };

function call(id: number, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'approve', arguments: { amount: 5 }, _meta: META, ...extra },
  });
}

function answered(body: string, result: unknown, headers: [string, string][] = []): Exchange {
  const { id } = JSON.parse(body) as { id: number };
  const text = JSON.stringify({ jsonrpc: '2.0', id, result });
  return {
    request: { url: URL, method: 'POST', headers: [], body },
    response: {
      status: 200,
      statusText: 'OK',
      headers: [['content-type', 'application/json'], ...headers],
      contentType: 'application/json',
      body: text,
      size: text.length,
    },
    message: JSON.parse(text) as unknown,
    startedAt: 0,
    durationMs: 1,
  };
}

/** Runs requests through place + record, one after another; returns the session and every event. */
function watch(steps: { body: string; result: unknown; method?: string; headers?: [string, string][] }[]) {
  let groups: WatchGroups = emptyWatchGroups;
  const events: SessionEvent[] = [];
  let n = 0;
  steps.forEach((step, i) => {
    const placed = placeWatchedRequest(
      groups,
      {
        proxyId: 'p1',
        exchangeId: `x${i}`,
        httpMethod: step.method ?? 'POST',
        url: URL,
        headers: step.headers ?? [],
        body: step.body,
        at: i,
      },
      () => `w${++n}`,
    );
    const recorded = recordWatchedExchange(placed.groups, `x${i}`, `leg${i}`, answered(step.body, step.result));
    groups = recorded.groups;
    events.push(...placed.events, ...recorded.events);
  });
  return { session: reduceMany(emptySession, events), events };
}

describe('watched traffic as conversations', () => {
  it("joins an MRTR call's rounds by the requestState chain, labelled with the client's name and version", () => {
    const { session } = watch([
      { body: call(1), result: { resultType: 'input_required', inputRequests: {}, requestState: 's1' } },
      { body: call(2, { requestState: 's1', inputResponses: { ok: {} } }), result: { resultType: 'complete' } },
    ]);
    expect(session.order).toEqual(['w1']);
    const c = session.conversations.w1!;
    expect(c).toMatchObject({ title: 'approve · mcp 2.3.0', watched: { proxyId: 'p1', client: 'mcp 2.3.0' } });
    expect(c.legIds).toHaveLength(2);
    expect(session.legs.leg1!.sent).toMatchObject({ requestState: 's1', answeredKeys: ['ok'] });
    expect(session.legs.leg1!.outcome.kind).toBe('complete');
  });

  it('gives a watched conversation no composer draft: the client answers for itself, the page only shows it', () => {
    const round1 = watch([
      { body: call(1), result: { resultType: 'input_required', inputRequests: { ok: confirm }, requestState: 's1' } },
    ]);
    // not while its first leg is in flight, nor after an input_required round: nothing to answer on its behalf
    const started = reduceMany(emptySession, round1.events.slice(0, 2));
    expect(started.conversations.w1!.draft).toBeUndefined();
    expect(round1.session.conversations.w1!.draft).toBeUndefined();
    expect(round1.session.legs.leg0!.outcome.kind).toBe('input_required');
    // answering on the page changes nothing in the watched conversation
    const answered = reduceMany(round1.session, [
      { type: 'draft/answer', conversationId: 'w1', key: 'ok', response: { action: 'accept' } },
    ]);
    expect(answered.conversations.w1!.draft).toBeUndefined();
    // nor is a draft a session file carries for it offered after loading
    const w1 = round1.session.conversations.w1!;
    const draft = { rpcId: 9, params: w1.params, inputRequests: {}, answers: {}, capabilities: {}, extraHeaders: {} };
    const saved = { ...round1.session, conversations: { w1: { ...w1, draft } } };
    const back = parseSessionFile(serializeSessionFile(toSessionFile(saved, { redacted: false, now: 0 })));
    expect(back.ok).toBe(true);
    expect(back.ok && back.session.conversations.w1?.draft).toBeUndefined();
  });

  it('joins a retry the client sends before the last round is recorded, once that answer was told whole', () => {
    const place = (groups: WatchGroups, exchangeId: string, body: string) =>
      placeWatchedRequest(
        groups,
        { proxyId: 'p1', exchangeId, httpMethod: 'POST', url: URL, headers: [], body, at: 0 },
        () => `w-${exchangeId}`,
      );
    const first = place(emptyWatchGroups, 'x0', call(1));
    const answer = { jsonrpc: '2.0', id: 1, result: { resultType: 'input_required', requestState: 's1' } };
    const told = noteWatchedAnswer(first.groups, 'x0', answer);
    // not an input_required answer, or not a call's: nothing to link
    expect(noteWatchedAnswer(first.groups, 'x0', { jsonrpc: '2.0', id: 1, result: {} })).toBe(first.groups);
    expect(noteWatchedAnswer(first.groups, 'x-unknown', answer)).toBe(first.groups);
    const retry = place(told, 'x1', call(2, { requestState: 's1', inputResponses: { ok: {} } }));
    expect(retry.events.map((e) => e.type)).toEqual(['leg/sent']);
    expect(retry.groups.placed.x1?.conversationId).toBe('w-x0');
    // without being told, the same retry would start a conversation of its own
    expect(place(first.groups, 'x1', call(2, { requestState: 's1' })).groups.placed.x1?.conversationId).toBe('w-x1');
  });

  it('keeps plain states of two clients, or of two proxies, apart: a retry joins its own call only', () => {
    let groups: WatchGroups = emptyWatchGroups;
    let n = 0;
    const as = (client: string, body: string) => body.replace('"name":"mcp"', `"name":"${client}"`);
    const step = (proxyId: string, exchangeId: string, body: string, result?: unknown) => {
      const placed = placeWatchedRequest(
        groups,
        { proxyId, exchangeId, httpMethod: 'POST', url: URL, headers: [], body, at: 0 },
        () => `c${++n}`,
      );
      groups = placed.groups;
      const conversation = groups.placed[exchangeId]!.conversationId;
      if (result) groups = noteWatchedAnswer(groups, exchangeId, { jsonrpc: '2.0', id: 1, result });
      return conversation;
    };
    const asks = { resultType: 'input_required', inputRequests: { ok: confirm }, requestState: 'step1' };
    const retry = call(2, { requestState: 'step1', inputResponses: { ok: {} } });
    const a = step('p1', 'x1', as('client-a', call(1)), asks);
    const b = step('p1', 'x2', as('client-b', call(1)), asks);
    const other = step('p2', 'x3', as('client-a', call(1)), asks);
    expect(new Set([a, b, other]).size).toBe(3);
    // each retry with the same plain state goes back to its own call (it joined the last client's before)
    expect(step('p1', 'x4', as('client-a', retry))).toBe(a);
    expect(step('p2', 'x5', as('client-a', retry))).toBe(other);
    expect(step('p1', 'x6', as('client-b', retry))).toBe(b);
  });

  it('links the retry of a round that returned no requestState by the keys it answers', () => {
    const asks = { resultType: 'input_required', inputRequests: { ok: confirm, why: confirm } };
    const { session } = watch([
      { body: call(1), result: asks },
      { body: call(2, { inputResponses: { why: {}, ok: {} } }), result: { resultType: 'complete' } },
      // another call answering other keys, with no state either, is not that call's retry
      { body: call(3), result: asks },
      { body: call(4, { inputResponses: { ok: {} } }), result: { resultType: 'complete' } },
    ]);
    expect(session.order).toHaveLength(3);
    expect(session.conversations[session.order[0]!]!.legIds).toHaveLength(2);
  });

  it('starts a new conversation when a retry carries a state no round returned (another call)', () => {
    const { session } = watch([
      { body: call(1), result: { resultType: 'input_required', inputRequests: {}, requestState: 's1' } },
      { body: call(2, { requestState: 's1-changed' }), result: { resultType: 'complete' } },
    ]);
    expect(session.order).toHaveLength(2);
  });

  it("puts a client's other requests in one conversation, and labels a 2025-11-25 session from its initialize", () => {
    const init = JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { clientInfo: { name: 'old-client', version: '1.0' } },
    });
    let groups: WatchGroups = emptyWatchGroups;
    const placed = placeWatchedRequest(
      groups,
      { proxyId: 'p1', exchangeId: 'x0', httpMethod: 'POST', url: URL, headers: [], body: init, at: 0 },
      () => 'w1',
    );
    groups = recordWatchedExchange(placed.groups, 'x0', 'l0', answered(init, {}, [['mcp-session-id', 's-9']])).groups;
    const get = placeWatchedRequest(
      groups,
      {
        proxyId: 'p1',
        exchangeId: 'x1',
        httpMethod: 'GET',
        url: URL,
        headers: [['Mcp-Session-Id', 's-9']],
        body: '',
        at: 1,
      },
      () => 'w2',
    );
    expect(placed.events[0]).toMatchObject({ type: 'conversation/started', title: 'old-client 1.0 · other traffic' });
    // the GET joins the same client's conversation: no new one started
    expect(get.events.map((e) => e.type)).toEqual(['leg/sent']);
    expect(get.groups.placed.x1).toMatchObject({ conversationId: 'w1', sent: { method: 'GET' } });
  });

  it('labels a client with no session id (stdio through a tap) from its initialize, for the calls that follow', () => {
    const init = JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { clientInfo: { name: 'desktop-host', version: '3.1' } },
    });
    const placed = placeWatchedRequest(
      emptyWatchGroups,
      { proxyId: 't1', exchangeId: 'x0', httpMethod: 'POST', url: 'stdio: server', headers: [], body: init, at: 0 },
      () => 'w1',
    );
    const headed = noteWatchedHead(placed.groups, 'x0', [['content-type', 'application/json']]);
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'seat_guest' } });
    const request = { exchangeId: 'x1', httpMethod: 'POST', url: 'stdio: server', headers: [], body, at: 1 };
    const labelled = placeWatchedRequest(headed, { ...request, proxyId: 't1' }, () => 'w2');
    expect(labelled.events[0]).toMatchObject({ type: 'conversation/started', title: 'seat_guest · desktop-host 3.1' });
    // another tap's host is not this one
    const other = placeWatchedRequest(headed, { ...request, proxyId: 't2' }, () => 'w3');
    expect(other.events[0]).toMatchObject({ title: 'seat_guest · unknown client' });
  });

  it("labels a session's requests from the initialize's answer head, before that answer's stream ends", () => {
    const init = JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { clientInfo: { name: 'old-client', version: '1.0' } },
    });
    const placed = placeWatchedRequest(
      emptyWatchGroups,
      { proxyId: 'p1', exchangeId: 'x0', httpMethod: 'POST', url: URL, headers: [], body: init, at: 0 },
      () => 'w1',
    );
    const headed = noteWatchedHead(placed.groups, 'x0', [['Mcp-Session-Id', 's-9']]);
    // a head of anything but an initialize changes nothing
    expect(noteWatchedHead(headed, 'x-other', [['mcp-session-id', 's-10']])).toBe(headed);
    const initialized = placeWatchedRequest(
      headed,
      {
        proxyId: 'p1',
        exchangeId: 'x1',
        httpMethod: 'POST',
        url: URL,
        headers: [['mcp-session-id', 's-9']],
        body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
        at: 1,
      },
      () => 'w2',
    );
    expect(initialized.events.map((e) => e.type)).toEqual(['leg/sent']);
    expect(initialized.groups.placed.x1).toMatchObject({ conversationId: 'w1' });
  });

  it("saves a watched conversation with the client's label and GET legs, its Authorization redacted unless asked", () => {
    let groups: WatchGroups = emptyWatchGroups;
    const events: SessionEvent[] = [];
    const body = call(1);
    const placed = placeWatchedRequest(
      groups,
      { proxyId: 'p1', exchangeId: 'x0', httpMethod: 'POST', url: URL, headers: [], body, at: 0 },
      () => 'w1',
    );
    const exchange = answered(body, { resultType: 'complete' });
    exchange.request.headers = [['authorization', 'Bearer sk-live-1']];
    groups = recordWatchedExchange(placed.groups, 'x0', 'l0', exchange).groups;
    events.push(...placed.events, ...recordWatchedExchange(placed.groups, 'x0', 'l0', exchange).events);
    const session = reduceMany(emptySession, events);
    // what an export without "Include secrets" writes
    const redacted = serializeSessionFile(toSessionFile(redactSession(session), { redacted: true, now: 0 }));
    expect(redacted).not.toContain('sk-live-1');
    expect(serializeSessionFile(toSessionFile(session, { redacted: false, now: 0 }))).toContain('sk-live-1');
    const back = parseSessionFile(redacted);
    expect(back.ok && back.session.conversations.w1?.watched).toEqual({
      proxyId: 'p1',
      client: 'mcp 2.3.0',
      exchange: 'x0',
    });
    expect(groups.placed).toEqual({});
  });
});

describe("a 2025-11-25 call's pushed requests and the client's answers", () => {
  const SESSION: [string, string][] = [['Mcp-Session-Id', 's-1']];
  const legacyCall = JSON.stringify({
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { name: 'trigger-elicitation-request', arguments: {} },
  });
  const elicit = { jsonrpc: '2.0', id: 0, method: 'elicitation/create', params: { message: 'Your name?' } };
  const answer = (id: number | string) =>
    JSON.stringify({ jsonrpc: '2.0', id, result: { action: 'accept', content: { name: 'Ada' } } });

  /** The pushed request as the page reports it: the call's request with the one SSE event that carried it. */
  function pushedOn(body: string): Exchange {
    const data = JSON.stringify(elicit);
    return {
      request: { url: URL, method: 'POST', headers: SESSION, body },
      response: {
        status: 200,
        statusText: 'OK',
        headers: [['content-type', 'text/event-stream']],
        contentType: 'text/event-stream',
        body: `data: ${data}\n\n`,
        size: data.length + 8,
        sseEvents: [{ data, at: 5 }],
      },
      message: elicit,
      startedAt: 5,
      durationMs: 0,
    };
  }

  function place(groups: WatchGroups, exchangeId: string, body: string, headers: [string, string][] = SESSION) {
    return placeWatchedRequest(
      groups,
      { proxyId: 'p1', exchangeId, httpMethod: 'POST', url: URL, headers, body, at: 1 },
      () => `w-${exchangeId}`,
    );
  }

  /** initialize (session s-1), the call, the request pushed on its stream; returns the groups and events so far. */
  function callWithPushed() {
    const init = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { clientInfo: { name: 'ts-watch-client', version: '2.4.0' } },
    });
    const events: SessionEvent[] = [];
    const initPlaced = place(emptyWatchGroups, 'x-init', init, []);
    const initRecorded = recordWatchedExchange(initPlaced.groups, 'x-init', 'l-init', answered(init, {}, SESSION));
    const callPlaced = place(initRecorded.groups, 'x-call', legacyCall);
    const pushed = recordWatchedPushed(callPlaced.groups, 'x-call', 'l-pushed', pushedOn(legacyCall));
    events.push(...initPlaced.events, ...initRecorded.events, ...callPlaced.events, ...pushed.events);
    return { groups: pushed.groups, events };
  }

  it("reads call -> pushed request -> the client's answer -> result, in the call's own conversation", () => {
    const { groups, events } = callWithPushed();
    // the pushed request waits for the watched client's answer, not the user's: no draft to answer it with
    expect(reduceMany(emptySession, events).conversations['w-x-call']!.draft).toBeUndefined();
    const answerPlaced = place(groups, 'x-answer', answer(0));
    // the answer starts no conversation of its own: it goes to the call's
    expect(answerPlaced.events).toEqual([{ type: 'leg/sent', conversationId: 'w-x-call', rpcId: 0, at: 1 }]);
    const answerRecorded = recordWatchedExchange(answerPlaced.groups, 'x-answer', 'l-answer', {
      ...answered(answer(0), {}),
      response: { status: 202, statusText: 'Accepted', headers: [], contentType: '', body: '', size: 0 },
      message: undefined,
    });
    expect(answerRecorded.events).toMatchObject([
      { type: 'leg/answered', conversationId: 'w-x-call', legId: 'l-pushed' },
    ]);
    const result = recordWatchedExchange(
      answerRecorded.groups,
      'x-call',
      'l-call',
      answered(legacyCall, { content: [] }),
    );
    const session = reduceMany(emptySession, [
      ...events,
      ...answerPlaced.events,
      ...answerRecorded.events,
      ...result.events,
    ]);

    const call = session.conversations['w-x-call']!;
    expect(call.title).toBe('trigger-elicitation-request · ts-watch-client 2.4.0');
    expect(call.legIds).toEqual(['l-pushed', 'l-call']);
    const pushedLeg = session.legs['l-pushed']!;
    expect(pushedLeg.pushed).toEqual({ id: 0, method: 'elicitation/create', key: 'elicitation/create #0' });
    expect(pushedLeg.answer?.exchange.request.body).toBe(answer(0));
    expect(pushedLeg.answer?.sent).toMatchObject({
      method: 'response',
      answeredKeys: ['elicitation/create #0'],
      inputResponses: { 'elicitation/create #0': { action: 'accept', content: { name: 'Ada' } } },
    });
    expect(session.legs['l-call']!.outcome.kind).toBe('complete');
    expect(call.inFlight).toBeUndefined();
    expect(call.draft).toBeUndefined();
    // the client's other traffic holds its initialize only
    const other = session.conversations['w-x-init']!;
    expect(other.legIds).toEqual(['l-init']);
    expect(result.groups.pushed).toEqual({});
  });

  it("leaves to other traffic an answer from another session, or to an id no call's stream pushed", () => {
    const { groups } = callWithPushed();
    const otherSession = place(groups, 'x-a', answer(0), [['Mcp-Session-Id', 's-2']]);
    expect(otherSession.groups.placed['x-a']).toMatchObject({ sent: { method: 'response' } });
    expect(otherSession.groups.placed['x-a']?.conversationId).not.toBe('w-x-call');
    expect(place(groups, 'x-b', answer(7)).groups.placed['x-b']?.conversationId).not.toBe('w-x-call');
    // the id as a string is another id
    expect(place(groups, 'x-c', answer('0')).groups.placed['x-c']?.conversationId).not.toBe('w-x-call');
  });

  it("records nothing for a request pushed outside a call (a session's GET stream), and forgets unanswered ones when the call ends", () => {
    const get = placeWatchedRequest(
      emptyWatchGroups,
      { proxyId: 'p1', exchangeId: 'x-get', httpMethod: 'GET', url: URL, headers: SESSION, body: '', at: 0 },
      () => 'w-get',
    );
    expect(recordWatchedPushed(get.groups, 'x-get', 'l', pushedOn('')).events).toEqual([]);

    const { groups } = callWithPushed();
    expect(Object.keys(groups.pushed)).toHaveLength(1);
    // told again (a reconnected stream replays it): still one leg
    expect(recordWatchedPushed(groups, 'x-call', 'l-again', pushedOn(legacyCall)).events).toEqual([]);
    const ended = recordWatchedExchange(groups, 'x-call', 'l-call', answered(legacyCall, { content: [] }));
    expect(ended.groups.pushed).toEqual({});
    expect(place(ended.groups, 'x-late', answer(0)).groups.placed['x-late']?.conversationId).not.toBe('w-x-call');
  });
});
