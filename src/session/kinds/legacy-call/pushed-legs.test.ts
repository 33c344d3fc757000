import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../protocol/exchange.ts';
import { ALL_CAPABILITIES } from '../../../protocol/envelope.ts';
import { composeRequest } from '../../compose.ts';
import type { SessionEvent } from '../../events.ts';
import { emptySession, type SentFacts, type SessionState } from '../../model.ts';
import { pushedFacts, undeliveredReason } from './pushed-legs.ts';
import { reduce } from '../../reducer.ts';
import { conversationStatus } from '../../selectors.ts';
import { timelineRows } from '../../timeline/timeline-rows.ts';
import { legFindings } from '../../lint-session.ts';

const url = 'http://127.0.0.1:1/mcp';
const params = { name: 'provision', arguments: { name: 'orders' } };
const sent: SentFacts = {
  answeredKeys: [],
  unansweredKeys: [],
  requestStateEdited: false,
  bodyEdited: false,
  capabilities: ALL_CAPABILITIES,
  params,
};
const schema = { type: 'object', properties: { region: { type: 'string', enum: ['us-east-1', 'eu-west-1'] } } };

function exchange(message: unknown, status = 200): Exchange {
  const body = message === undefined ? '' : JSON.stringify(message);
  return {
    request: { url, method: 'POST', headers: [['mcp-protocol-version', '2025-11-25']], body: '{}' },
    response: { status, statusText: '', headers: [], contentType: 'text/event-stream', body, size: body.length },
    ...(message === undefined ? {} : { message }),
    startedAt: 0,
    durationMs: 1,
  };
}

const apply = (state: SessionState, ...events: SessionEvent[]) => events.reduce(reduce, state);

function pushedElicitation(): SessionState {
  const request = {
    jsonrpc: '2.0',
    id: 0,
    method: 'elicitation/create',
    params: { message: 'Region?', requestedSchema: schema },
  };
  return apply(
    emptySession,
    {
      type: 'conversation/started',
      kind: 'legacy-call',
      id: 'c',
      title: 'provision',
      method: 'tools/call',
      params,
      serverUrl: url,
      capabilities: ALL_CAPABILITIES,
      at: 0,
    },
    { type: 'leg/sent', conversationId: 'c', rpcId: 1, at: 0 },
    {
      type: 'leg/recorded',
      conversationId: 'c',
      legId: 'l1',
      rpcId: 0,
      exchange: exchange(request),
      sent,
      pushed: pushedFacts(0, 'elicitation/create'),
    },
  );
}

describe('pushed requests (2025-11-25) as legs', () => {
  it('asks under the key "<method> #<id>" and holds a response draft keyed by the pushed id when the server pushes a request', () => {
    const state = pushedElicitation();
    const c = state.conversations.c!;
    expect(state.legs.l1!.outcome).toMatchObject({
      kind: 'input_required',
      inputRequests: { 'elicitation/create #0': { method: 'elicitation/create' } },
    });
    expect(c.draft?.respondTo).toEqual({ id: 0, method: 'elicitation/create', key: 'elicitation/create #0' });
    expect(c.draft?.rpcId).toBe(0);
    expect(conversationStatus(state, c)).toBe('awaiting-input');
    // a request from the server is not linted as a malformed response
    expect(legFindings(state, state.legs.l1!, 'tools/call').filter((f) => f.severity === 'error')).toEqual([]);
    const row = timelineRows(state)[0]!.legs[0]!;
    expect(row.method).toBe('elicitation/create');
    expect(row.target).toBe('server → client');
  });

  it('composes the JSON-RPC response with the answer as its result when the request is answered', () => {
    const state = apply(pushedElicitation(), {
      type: 'draft/answer',
      conversationId: 'c',
      key: 'elicitation/create #0',
      response: { action: 'accept', content: { region: 'eu-west-1' } },
    });
    const c = state.conversations.c!;
    const composed = composeRequest(c, c.draft!, { url, sessionId: 's-1' });
    expect(JSON.parse(composed.body)).toEqual({
      jsonrpc: '2.0',
      id: 0,
      result: { action: 'accept', content: { region: 'eu-west-1' } },
    });
    expect(composed.problems).toEqual([]);
    expect(Object.fromEntries(composed.headers)).toMatchObject({
      'mcp-session-id': 's-1',
      'mcp-protocol-version': '2025-11-25',
    });
    expect(composed.sent.answeredKeys).toEqual(['elicitation/create #0']);
  });

  it("marks the response with the task the pushed request was about (related-task in the result's _meta)", () => {
    const related = { 'io.modelcontextprotocol/related-task': { taskId: 'task-7' } };
    const pushed = {
      jsonrpc: '2.0',
      id: 3,
      method: 'elicitation/create',
      params: { message: 'Region?', requestedSchema: schema, _meta: related },
    };
    const state = apply(
      pushedElicitation(),
      { type: 'draft/answer', conversationId: 'c', key: 'elicitation/create #0', response: { action: 'decline' } },
      { type: 'leg/sent', conversationId: 'c', rpcId: 0, at: 1 },
      {
        type: 'leg/recorded',
        conversationId: 'c',
        legId: 'l2',
        rpcId: 3,
        exchange: exchange(pushed),
        sent,
        pushed: pushedFacts(3, 'elicitation/create'),
      },
      {
        type: 'draft/answer',
        conversationId: 'c',
        key: 'elicitation/create #3',
        response: { action: 'accept', content: { region: 'us-east-1' }, _meta: { mine: 1 } },
      },
    );
    const c = state.conversations.c!;
    // the composer's preview and the POST are this one body
    expect(JSON.parse(composeRequest(c, c.draft!, { url }).body)).toEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { action: 'accept', content: { region: 'us-east-1' }, _meta: { mine: 1, ...related } },
    });
  });

  it('names what is wrong when the response body edited by hand is not a JSON-RPC response', () => {
    const state = apply(pushedElicitation(), {
      type: 'draft/body',
      conversationId: 'c',
      body: '{"jsonrpc":"2.0","id":0,"method":"x"}',
    });
    const c = state.conversations.c!;
    const composed = composeRequest(c, c.draft!, { url });
    expect(composed.body).toBe('{"jsonrpc":"2.0","id":0,"method":"x"}');
    expect(composed.problems).toContain('the response has neither "result" nor "error"');
    expect(composed.sent.bodyEdited).toBe(true);
  });

  it('attaches the posted response to the pushed leg and waits in flight when the response goes out', () => {
    const answer = { action: 'accept', content: { region: 'eu-west-1' } };
    const state = apply(
      pushedElicitation(),
      { type: 'draft/answer', conversationId: 'c', key: 'elicitation/create #0', response: answer },
      {
        type: 'leg/answered',
        conversationId: 'c',
        legId: 'l1',
        exchange: exchange(undefined, 202),
        sent: { ...sent, answeredKeys: ['elicitation/create #0'] },
        at: 5,
      },
    );
    const c = state.conversations.c!;
    expect(c.draft).toBeUndefined();
    expect(c.inFlight).toEqual({ rpcId: 0, startedAt: 5 });
    expect(state.legs.l1!.answer?.exchange.response?.status).toBe(202);
    expect(timelineRows(state)[0]!.legs[0]!.answered).toEqual(['elicitation/create #0']);
    const done = apply(state, {
      type: 'leg/recorded',
      conversationId: 'c',
      legId: 'l2',
      rpcId: 1,
      exchange: exchange({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'ok' }] } }),
      sent,
    });
    expect(conversationStatus(done, done.conversations.c!)).toBe('complete');
    expect(done.legs.l2!.parentLegId).toBe('l1');
  });

  it('marks the answer not delivered when its POST was refused, dropped, or failed, and delivered on a 2xx', () => {
    const answered = (ex: Exchange) =>
      timelineRows(
        apply(pushedElicitation(), {
          type: 'leg/answered',
          conversationId: 'c',
          legId: 'l1',
          exchange: ex,
          sent: { ...sent, answeredKeys: ['elicitation/create #0'] },
          at: 5,
        }),
      )[0]!.legs[0]!;
    expect(answered(exchange(undefined, 202)).answerUndelivered).toBeUndefined();
    expect(answered(exchange(undefined, 503)).answerUndelivered).toBe(true);
    const { response: _none, ...unanswered } = exchange(undefined);
    const dropped = { kind: 'network' as const, message: 'dropped in the inspector (held request)' };
    expect(answered({ ...unanswered, failure: dropped }).answerUndelivered).toBe(true);
    expect(answered({ ...exchange(undefined, 202), failure: dropped }).answerUndelivered).toBe(true);
  });

  it('says the session that asked is gone when the answer gets 404 to its Mcp-Session-Id', () => {
    const gone = exchange(undefined, 404);
    expect(undeliveredReason(gone)).toBe('the server answered HTTP 404');
    const withSession: Exchange = {
      ...gone,
      request: { ...gone.request, headers: [...gone.request.headers, ['mcp-session-id', 's-1']] },
    };
    expect(undeliveredReason(withSession)).toMatch(/^the server answered HTTP 404: the session that asked is gone/);
  });

  it("shows a watched client's undelivered answer in rows already drawn (a new conversation object for the cache)", () => {
    const { draft: _none, ...watched } = pushedElicitation().conversations.c!;
    const before = { ...pushedElicitation(), conversations: { c: watched } };
    expect(timelineRows(before)[0]!.legs[0]!.answered).toEqual([]);
    const after = apply(before, {
      type: 'leg/answered',
      conversationId: 'c',
      legId: 'l1',
      exchange: exchange(undefined, 503),
      sent: { ...sent, answeredKeys: ['elicitation/create #0'] },
      at: 5,
    });
    expect(after.conversations.c).not.toBe(before.conversations.c);
    expect(timelineRows(after)[0]!.legs[0]!).toMatchObject({
      answered: ['elicitation/create #0'],
      answerUndelivered: true,
    });
  });

  it('ignores an answer for a leg that was not pushed, or was answered already', () => {
    const state = pushedElicitation();
    const ev: SessionEvent = {
      type: 'leg/answered',
      conversationId: 'c',
      legId: 'nope',
      exchange: exchange(undefined, 202),
      sent,
      at: 1,
    };
    expect(reduce(state, ev)).toBe(state);
    const once = reduce(state, { ...ev, legId: 'l1' });
    expect(reduce(once, { ...ev, legId: 'l1' })).toBe(once);
  });
});
