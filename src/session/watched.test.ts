import { describe, expect, it } from 'vitest';
import type { Exchange } from '../protocol/exchange.ts';
import { reduceMany } from './reduce-many.ts';
import { emptySession } from './model.ts';
import { emptyWatchGroups, placeWatchedRequest, recordWatchedExchange, type WatchGroups } from './watched.ts';
import type { SessionEvent } from './events.ts';
import { redactSession } from './io/redact.ts';
import { parseSessionFile, serializeSessionFile, toSessionFile } from './io/session-file.ts';

const URL = 'http://127.0.0.1:8765/mcp';
const META = {
  'io.modelcontextprotocol/clientInfo': { name: 'mcp', version: '2.3.0' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
};

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
    expect(back.ok && back.session.conversations.w1?.watched).toEqual({ proxyId: 'p1', client: 'mcp 2.3.0' });
    expect(groups.placed).toEqual({});
  });
});
