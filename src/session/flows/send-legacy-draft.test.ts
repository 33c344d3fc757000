import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../protocol/exchange.ts';
import { composeRequest } from '../compose.ts';
import type { SessionEvent } from '../events.ts';
import { emptySession } from '../model.ts';
import { reduce } from '../reducer.ts';
import {
  sendLegacyDraft,
  type LegacyCallHandle,
  type LegacyCallStep,
  type LegacyLegDeps,
  type OpenLegacyCalls,
} from './send-legacy-draft.ts';

const URL = 'http://legacy/mcp';

const exchange = (status: number, body: string, requestBody = ''): Exchange => ({
  request: { url: URL, method: 'POST', headers: [], body: requestBody },
  startedAt: 0,
  durationMs: 1,
  response: { status, statusText: '', headers: [], contentType: 'application/json', body, size: body.length },
});

/** A wire whose one call yields `steps` in order; what was opened is kept. */
function scriptedWire(steps: LegacyCallStep[]) {
  const opened: { method: string; params: unknown; wire: unknown }[] = [];
  const call: LegacyCallHandle = {
    next: async () => steps.shift() ?? { kind: 'done', gone: [], rpcId: 0, failure: 'the script ran out' },
    respond: async () => exchange(202, ''),
    stop: () => undefined,
  };
  const calls: OpenLegacyCalls = new Map();
  const events: SessionEvent[] = [];
  let n = 0;
  const deps: LegacyLegDeps = {
    wire: {
      open: (method, params, wire) => {
        opened.push({ method, params, wire });
        return call;
      },
      respond: async () => exchange(202, ''),
      request: async () => ({}),
    },
    calls,
    dispatch: (e) => events.push(e),
    now: () => 5,
    newId: (prefix) => `${prefix}-${++n}`,
  };
  return { deps, opened, events, calls };
}

function legacyCall() {
  const state = reduce(emptySession, {
    type: 'conversation/started',
    kind: 'legacy-call',
    id: 'c1',
    title: 'echo',
    method: 'tools/call',
    params: { name: 'echo', arguments: { message: 'hi' } },
    serverUrl: URL,
    capabilities: {},
    at: 0,
  });
  const conversation = state.conversations.c1!;
  const draft = conversation.draft!;
  const ctx = { url: URL, sessionId: 's-1', handshake: { protocolVersion: '2025-11-25', nextId: 2 } };
  return { conversation, draft, composed: composeRequest(conversation, draft, ctx) };
}

const recorded = (events: SessionEvent[]) =>
  events.filter((e): e is Extract<SessionEvent, { type: 'leg/recorded' }> => e.type === 'leg/recorded');

describe('a call over a 2025-11-25 session, leg by leg, over an injected wire', () => {
  it('opens the call once and records a request the server pushed as a leg waiting for an answer', async () => {
    const pushed = exchange(200, 'data: {}\n\n');
    const wire = scriptedWire([{ kind: 'pushed', request: { id: 7, method: 'elicitation/create' }, exchange: pushed }]);
    const { conversation, draft, composed } = legacyCall();
    const legId = await sendLegacyDraft(wire.deps, conversation, draft, composed);
    expect(wire.opened).toEqual([
      { method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } }, wire: { headers: {} } },
    ]);
    const [leg] = recorded(wire.events);
    expect(leg).toMatchObject({ legId, rpcId: 7, exchange: pushed, pushed: { method: 'elicitation/create' } });
    // the call stays open: its next step comes when the answer is sent
    expect(wire.calls.has('c1')).toBe(true);
  });

  it("records the 404s of a lost session before the call's own response, and closes the call", async () => {
    const gone = exchange(404, 'Session not found', JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call' }));
    const done = exchange(200, '{"jsonrpc":"2.0","id":4,"result":{}}');
    const wire = scriptedWire([{ kind: 'done', gone: [gone], exchange: done, rpcId: 4 }]);
    const { conversation, draft, composed } = legacyCall();
    const legId = await sendLegacyDraft(wire.deps, conversation, draft, composed);
    expect(recorded(wire.events).map((e) => [e.rpcId, e.exchange.response?.status])).toEqual([
      [3, 404],
      [4, 200],
    ]);
    expect(recorded(wire.events).at(-1)?.legId).toBe(legId);
    expect(wire.calls.has('c1')).toBe(false);
  });

  it('records a call that ended with no exchange as a failed leg that says why', async () => {
    const wire = scriptedWire([{ kind: 'done', gone: [], rpcId: 0, failure: 'the stream dropped' }]);
    const { conversation, draft, composed } = legacyCall();
    await sendLegacyDraft(wire.deps, conversation, draft, composed);
    const [leg] = recorded(wire.events);
    expect(leg?.exchange.failure).toEqual({ kind: 'stream', message: 'the stream dropped' });
    expect(leg?.exchange.request.url).toBe(URL);
    expect(leg?.exchange.startedAt).toBe(5);
  });
});
