import { describe, expect, it } from 'vitest';
import type { RequestOptions } from '../protocol/envelope.ts';
import type { Exchange } from '../protocol/exchange.ts';
import type { JsonObject } from '../protocol/types.ts';
import { composeRequest, type ConnectionContext } from './compose.ts';
import { forkFromLeg } from './forks.ts';
import { emptySession, type SessionState } from './model.ts';
import { reduce } from './reducer.ts';
import { unansweredKeys } from './selectors.ts';

const CTX: ConnectionContext = { url: 'http://127.0.0.1:1/mcp' };
const OPTIONS: RequestOptions = {
  progressToken: 'progress-abc',
  logLevel: 'info',
  traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
};
const ASK = {
  resultType: 'input_required',
  inputRequests: { region: { method: 'elicitation/create', params: { mode: 'form', message: 'Which?' } } },
  requestState: 'state-1',
};

function exchangeFor(body: string, result: JsonObject): Exchange {
  const id = (JSON.parse(body) as { id: number }).id;
  const message = { jsonrpc: '2.0', id, result };
  return {
    request: { url: CTX.url, method: 'POST', headers: [], body },
    response: {
      status: 200,
      statusText: 'OK',
      headers: [['content-type', 'application/json']],
      contentType: 'application/json',
      body: JSON.stringify(message),
      size: 1,
    },
    message,
    startedAt: 0,
    durationMs: 1,
  };
}

function started(requestOptions?: RequestOptions): SessionState {
  return reduce(emptySession, {
    type: 'conversation/started',
    kind: 'call',
    id: 'c1',
    title: 'provision',
    method: 'tools/call',
    params: { name: 'provision', arguments: { name: 'orders' } },
    serverUrl: CTX.url,
    capabilities: { elicitation: { form: {} } },
    at: 0,
    ...(requestOptions ? { requestOptions } : {}),
  });
}

/** Compose and record the conversation's draft, answered by `result`. */
function sendDraft(state: SessionState, legId: string, result: JsonObject) {
  const c = state.conversations.c1!;
  const composed = composeRequest(c, c.draft!, CTX);
  const next = reduce(state, {
    type: 'leg/recorded',
    conversationId: 'c1',
    legId,
    rpcId: c.draft!.rpcId,
    exchange: exchangeFor(composed.body, result),
    sent: composed.sent,
  });
  return { composed, state: next };
}

function metaOf(body: string): JsonObject {
  return (JSON.parse(body) as { params: { _meta: JsonObject } }).params._meta;
}

describe('composeRequest with request options', () => {
  it('puts progressToken, logLevel and traceparent in the first leg’s _meta when the call asked for them', () => {
    const { composed } = sendDraft(started(OPTIONS), 'leg-1', ASK);
    expect(metaOf(composed.body)).toMatchObject({
      progressToken: 'progress-abc',
      'io.modelcontextprotocol/logLevel': 'info',
      traceparent: OPTIONS.traceparent,
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    });
    expect(composed.sent.requestOptions).toEqual(OPTIONS);
  });

  it('carries the same options on every retry leg when the server asks again', () => {
    const first = sendDraft(started(OPTIONS), 'leg-1', ASK);
    const second = sendDraft(first.state, 'leg-2', { ...ASK, requestState: 'state-2' });
    const third = sendDraft(second.state, 'leg-3', { content: [] });
    for (const leg of [first, second, third]) {
      expect(metaOf(leg.composed.body)).toMatchObject({
        progressToken: 'progress-abc',
        traceparent: OPTIONS.traceparent,
      });
    }
    const retry = JSON.parse(second.composed.body) as { id: number; params: JsonObject };
    expect(retry.params.requestState).toBe('state-1');
    expect(retry.id).not.toBe((JSON.parse(first.composed.body) as { id: number }).id);
  });

  it('keeps the options when a retry leg is resent as a branch', () => {
    const first = sendDraft(started(OPTIONS), 'leg-1', ASK);
    const second = sendDraft(first.state, 'leg-2', ASK);
    const forked = forkFromLeg(second.state, 'leg-2', 'c2', 5);
    const branch = forked.conversations.c2!;
    expect(metaOf(composeRequest(branch, branch.draft!, CTX).body)).toMatchObject({
      'io.modelcontextprotocol/logLevel': 'info',
    });
  });

  it('sends no optional _meta member when the call asked for none', () => {
    const { composed, state } = sendDraft(started(), 'leg-1', ASK);
    expect(Object.keys(metaOf(composed.body)).sort()).toEqual([
      'io.modelcontextprotocol/clientCapabilities',
      'io.modelcontextprotocol/clientInfo',
      'io.modelcontextprotocol/protocolVersion',
    ]);
    expect('requestOptions' in composed.sent).toBe(false);
    expect(state.conversations.c1!.draft && 'requestOptions' in state.conversations.c1!.draft).toBe(false);
  });
});

describe('server keys named __proto__', () => {
  it('keeps the key from the card to the answer when the server names an input request __proto__', () => {
    const ask = JSON.parse(
      '{"resultType":"input_required","requestState":"s","inputRequests":{"__proto__":{"method":"elicitation/create","params":{"mode":"form","message":"m"}}}}',
    ) as JsonObject;
    const { state } = sendDraft(started(), 'leg-1', ask);
    const draft = state.conversations.c1!.draft!;
    expect(unansweredKeys(draft)).toEqual(['__proto__']);
    const answered = reduce(state, {
      type: 'draft/answer',
      conversationId: 'c1',
      key: '__proto__',
      response: { action: 'accept', content: {} },
    });
    const d2 = answered.conversations.c1!.draft!;
    expect(unansweredKeys(d2)).toEqual([]);
    const composed = composeRequest(answered.conversations.c1!, d2, CTX);
    expect(composed.body).toContain('"inputResponses":{"__proto__":{"action":"accept","content":{}}}');
    expect(composed.sent.answeredKeys).toEqual(['__proto__']);
  });
});
