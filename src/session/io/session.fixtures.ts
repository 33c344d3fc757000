/** A realistic recorded session for io tests: provision over JSON + SSE, a token, a network failure and a fork. */
import { ALL_CAPABILITIES } from '../../protocol/envelope.ts';
import type { Exchange } from '../../protocol/exchange.ts';
import { composeRequest, type ConnectionContext } from '../compose.ts';
import type { SessionEvent } from '../events.ts';
import { emptySession, type SessionState } from '../model.ts';
import { reduce } from '../reducer.ts';

export const TEST_TOKEN = 'sk-live-0123456789abcdef';
const ctx: ConnectionContext = {
  url: 'http://127.0.0.1:8765/mcp',
  authorization: `Bearer ${TEST_TOKEN}`,
  headers: { 'X-Api-Key': 'key-abc', 'X-Trace': 'visible' },
};

function jsonExchange(state: SessionState, conversationId: string, result: unknown, at: number): Exchange {
  const c = state.conversations[conversationId]!;
  const composed = composeRequest(c, c.draft!, ctx);
  const message = { jsonrpc: '2.0', id: c.draft!.rpcId, result };
  const body = JSON.stringify(message);
  return {
    request: { url: composed.url, method: 'POST', headers: composed.headers, body: composed.body },
    response: {
      status: 200,
      statusText: 'OK',
      headers: [
        ['content-type', 'application/json'],
        ['x-mock-instance', 'main'],
        ['set-cookie', 'sid=secret-cookie'],
      ],
      contentType: 'application/json',
      body,
      size: body.length,
    },
    message,
    startedAt: at,
    headersMs: 3,
    durationMs: 5,
  };
}

function sseExchange(state: SessionState, conversationId: string, result: unknown, at: number): Exchange {
  const plain = jsonExchange(state, conversationId, result, at);
  const progress = { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } };
  const data = [JSON.stringify(progress), JSON.stringify(plain.message)];
  const body = data.map((d) => `event: message\ndata: ${d}\n\n`).join('');
  return {
    ...plain,
    response: {
      ...plain.response!,
      headers: [['content-type', 'text/event-stream']],
      contentType: 'text/event-stream',
      body,
      size: body.length,
      sseEvents: data.map((d, i) => ({ event: 'message', data: d, at: i + 1 })),
    },
    notifications: [progress],
  };
}

function record(state: SessionState, conversationId: string, legId: string, exchange: Exchange): SessionState {
  const c = state.conversations[conversationId]!;
  const composed = composeRequest(c, c.draft!, ctx);
  const event: SessionEvent = {
    type: 'leg/recorded',
    conversationId,
    legId,
    rpcId: c.draft!.rpcId,
    exchange,
    sent: composed.sent,
  };
  return reduce(state, event);
}

const asked = {
  resultType: 'input_required',
  inputRequests: {
    region: {
      method: 'elicitation/create',
      params: {
        mode: 'form',
        message: 'Which region should orders be provisioned in?',
        requestedSchema: { type: 'object', properties: { region: { type: 'string', enum: ['eu-west-1'] } } },
      },
    },
  },
  requestState: 'v1.eyJwIjp7fX0.sig',
};

/** c1: provision asks (JSON) then completes (SSE); c2: a network failure; c3: a fork of c1's second leg. */
export function testSession(): SessionState {
  let s = reduce(emptySession, {
    type: 'conversation/started',
    kind: 'call',
    id: 'c1',
    title: 'provision',
    method: 'tools/call',
    params: { name: 'provision', arguments: { name: 'orders' } },
    serverUrl: ctx.url,
    capabilities: ALL_CAPABILITIES,
    at: 1_700_000_000_000,
  });
  s = record(s, 'c1', 'leg-1', jsonExchange(s, 'c1', asked, 1_700_000_000_010));
  s = reduce(s, {
    type: 'draft/answer',
    conversationId: 'c1',
    key: 'region',
    response: { action: 'accept', content: { region: 'eu-west-1' } },
  });
  s = reduce(s, { type: 'draft/headers', conversationId: 'c1', headers: { Authorization: 'Bearer draft-secret' } });
  const done = { resultType: 'complete', content: [{ type: 'text', text: 'Provisioned orders in eu-west-1' }] };
  s = record(s, 'c1', 'leg-2', sseExchange(s, 'c1', done, 1_700_000_000_100));
  s = reduce(s, {
    type: 'conversation/started',
    kind: 'call',
    id: 'c2',
    title: 'slow_job',
    method: 'tools/call',
    params: { name: 'slow_job', arguments: {} },
    serverUrl: `${ctx.url}?access_token=abc`,
    capabilities: {},
    at: 1_700_000_000_200,
  });
  const failed: Exchange = {
    request: { url: ctx.url, method: 'POST', headers: [['Authorization', `Bearer ${TEST_TOKEN}`]], body: '{}' },
    failure: { kind: 'network', message: 'Failed to fetch' },
    startedAt: 1_700_000_000_210,
    durationMs: 2,
  };
  s = record(s, 'c2', 'leg-3', failed);
  s = reduce(s, { type: 'conversation/forked', fromLegId: 'leg-2', id: 'c3', at: 1_700_000_000_300 });
  return s;
}
