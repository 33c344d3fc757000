import { describe, expect, it } from 'vitest';
import { resultOutcome } from '../session/kinds/task/task-view.ts';
import { timelineRows } from '../session/timeline/timeline-rows.ts';
import type { FetchLike } from '../client/send-leg.ts';
import { conversationStatus } from '../session/selectors.ts';
import { EraConnections } from '../client/legacy/era-connections.ts';
import { LegacySession } from '../client/legacy/legacy-session.ts';
import { composeRequest } from '../session/compose.ts';
import { emptySession } from '../session/model.ts';
import { reduce } from '../session/reducer.ts';
import { connectedLegacyStore, json, sseAnswer } from './legacy-store.fixtures.ts';
import { sendLegacyDraft } from '../session/flows/send-legacy-draft.ts';
import { sessionCalls } from '../client/legacy/session-calls.ts';

const URL = 'http://restarted/mcp';

/** A 2025-11-25 server that restarted after the first initialize: it answers 404 to the first session's id. */
function restartedServer() {
  let sessions = 0;
  const fetch: FetchLike = async (_url, init) => {
    const headers = Object.fromEntries((init.headers as [string, string][]).map(([k, v]) => [k.toLowerCase(), v]));
    const body = init.body ? (JSON.parse(String(init.body)) as { id?: number; method?: string }) : undefined;
    if (body?.method === 'initialize') {
      sessions++;
      return json(
        { jsonrpc: '2.0', id: body.id, result: { protocolVersion: '2025-11-25', capabilities: {} } },
        { 'mcp-session-id': `s-${sessions}` },
      );
    }
    if (headers['mcp-session-id'] === 's-1' && body?.method === 'tools/call')
      return new Response('Session not found', { status: 404 });
    if (body?.method === 'tools/call')
      return json({ jsonrpc: '2.0', id: body.id, result: { content: [{ type: 'text', text: 'Echo: hi' }] } });
    return new Response(null, { status: 202 });
  };
  return { fetch };
}

describe('a 2025-11-25 call whose session the server lost', () => {
  it('shows the 404 as a leg of the call, then the call resent in a new session, complete', async () => {
    const { fetch } = restartedServer();
    const { store, eras } = await connectedLegacyStore(URL, fetch);
    const id = await store
      .getState()
      .startCall({ method: 'tools/call', title: 'echo', params: { name: 'echo', arguments: { message: 'hi' } } });
    const state = store.getState().session;
    const c = state.conversations[id]!;
    const legs = c.legIds.map((l) => state.legs[l]!);
    expect(legs.map((l) => l.exchange.response?.status)).toEqual([404, 200]);
    expect(legs[1]!.exchange.request.headers).toContainEqual(['mcp-session-id', 's-2']);
    expect(conversationStatus(state, c)).toBe('complete');
    expect(eras.exchanges.map((e) => e.label)).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/call (session gone: HTTP 404)',
      'initialize',
      'notifications/initialized',
      'tools/call',
    ]);
  });
});

describe("the composer's preview of a 2025-11-25 call", () => {
  /** A session to a plain 2025-11-25 server, initialized, with what went out on each POST. */
  async function openSession() {
    const posts: { headers: [string, string][]; body: string }[] = [];
    const fetch: FetchLike = async (_url, init) => {
      const body = String(init.body ?? '');
      posts.push({ headers: (init.headers as [string, string][]).filter(([, v]) => v !== ''), body });
      const m = body ? (JSON.parse(body) as { id?: unknown; method?: string }) : {};
      if (m.method === 'initialize')
        return json(
          { jsonrpc: '2.0', id: m.id, result: { protocolVersion: '2025-11-25', capabilities: {} } },
          { 'mcp-session-id': 's-1' },
        );
      if (m.id !== undefined) return json({ jsonrpc: '2.0', id: m.id, result: { content: [] } });
      return new Response(null, { status: 202 });
    };
    const eras = new EraConnections();
    const session = new LegacySession({
      url: URL,
      fetch,
      clientInfo: { name: 'c', version: '1' },
      capabilities: {},
      headers: { authorization: 'Bearer t' },
      onExchange: (e) => eras.exchanges.push(e),
    });
    await session.initialize();
    return { session, eras, posts };
  }

  it.each([
    ['as composed', {}],
    ['with a header and the body edited by hand', { extraHeaders: { 'X-Trace': 'on' }, bodyOverride: 'EDIT' }],
  ])('is byte for byte the request that goes out (%s)', async (_name, edits) => {
    const { session, eras, posts } = await openSession();
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
    const body = JSON.stringify({ jsonrpc: '2.0', id: 'mine', method: 'tools/call', params: { name: 'echo' } });
    const draft = {
      ...conversation.draft!,
      ...edits,
      ...('bodyOverride' in edits ? { bodyOverride: body } : {}),
    };
    const ctx = {
      url: URL,
      authorization: 'Bearer t',
      sessionId: session.sessionId!,
      handshake: { protocolVersion: session.protocolVersion, nextId: session.nextRequestId },
    };
    const preview = composeRequest(conversation, draft, ctx);
    const deps = {
      wire: sessionCalls(eras, session, () => 0),
      calls: new Map(),
      dispatch: () => undefined,
      now: () => 0,
      newId: () => 'x',
    };
    await sendLegacyDraft(deps, conversation, draft, preview);
    const sent = posts.at(-1)!;
    expect(sent.body).toBe(preview.body);
    expect(Object.fromEntries(sent.headers)).toEqual(Object.fromEntries(preview.headers));
  });
});

describe('a 2025-11-25 call in flight', () => {
  it('keeps the request as the session sent it (its id, no 2026-07-28 envelope) for the in-flight panel', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const posted: string[] = [];
    const fetch: FetchLike = async (_url, init) => {
      const body = String(init.body ?? '');
      const m = body ? (JSON.parse(body) as { id?: unknown; method?: string }) : {};
      if (m.method === 'initialize')
        return json(
          { jsonrpc: '2.0', id: m.id, result: { protocolVersion: '2025-11-25', capabilities: {} } },
          { 'mcp-session-id': 's-1' },
        );
      if (m.method === 'tools/call') {
        posted.push(body);
        await held;
        return json({ jsonrpc: '2.0', id: m.id, result: { content: [] } });
      }
      return new Response(null, { status: 202 });
    };
    const { store } = await connectedLegacyStore(URL, fetch);
    const call = store
      .getState()
      .startCall({ method: 'tools/call', title: 'echo', params: { name: 'echo', arguments: { message: 'hi' } } });
    await expect.poll(() => posted.length).toBe(1);
    const flying = Object.values(store.getState().session.conversations).find((c) => c.inFlight);
    const request = flying?.inFlight?.request;
    expect(request?.url).toBe(URL);
    // exactly the bytes that went out: the session's own id, and no _meta envelope of the 2026-07-28 revision
    expect(request?.body).toBe(posted[0]);
    expect(JSON.parse(request!.body)).toEqual({
      jsonrpc: '2.0',
      id: expect.any(Number),
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: 'hi' } },
    });
    release();
    await call;
  });
});

describe('an answer to a pushed request that the server refuses', () => {
  /** A 2025-11-25 server whose tool asks for a name on the call's stream and refuses an answer without one (HTTP 400). */
  function namingServer() {
    let answered: (name: string) => void = () => {};
    const name = new Promise<string>((r) => (answered = r));
    const answers: number[] = [];
    const fetch: FetchLike = async (_url, init) => {
      const body = JSON.parse(String(init.body)) as {
        id?: number;
        method?: string;
        result?: { content?: { name?: string } };
      };
      if (body.method === 'initialize')
        return json(
          { jsonrpc: '2.0', id: body.id, result: { protocolVersion: '2025-11-25', capabilities: {} } },
          { 'mcp-session-id': 's-1' },
        );
      if (body.method === 'tools/call') {
        const callId = body.id;
        return sseAnswer(async (send) => {
          send({
            jsonrpc: '2.0',
            id: 0,
            method: 'elicitation/create',
            params: {
              message: 'Name?',
              requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
            },
          });
          send({ jsonrpc: '2.0', id: callId, result: { content: [{ type: 'text', text: `Hello ${await name}` }] } });
        });
      }
      if (body.id === 0 && body.result) {
        const given = body.result.content?.name;
        answers.push(given ? 202 : 400);
        if (!given)
          return new Response(JSON.stringify({ error: 'name is required' }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          });
        answered(given);
      }
      return new Response(null, { status: 202 });
    };
    return { fetch, answers };
  }

  it('keeps the draft to fix and send again, marks the leg not delivered, and completes once the server takes it', async () => {
    const server = namingServer();
    const { store } = await connectedLegacyStore(URL, server.fetch, { capabilities: { elicitation: { form: {} } } });
    const id = await store.getState().startCall({ method: 'tools/call', title: 'greet', params: { name: 'greet' } });
    const s = () => store.getState().session;
    await expect.poll(() => s().conversations[id]?.draft?.respondTo?.key).toBe('elicitation/create #0');
    const answer = (content: Record<string, string>) =>
      store.getState().dispatch({
        type: 'draft/answer',
        conversationId: id,
        key: 'elicitation/create #0',
        response: { action: 'accept', content },
      });

    answer({});
    await store.getState().sendDraft(id);
    expect(server.answers).toEqual([400]);
    const pushedLeg = () => s().legs[s().conversations[id]!.legIds[0]!]!;
    expect(pushedLeg().answer?.exchange.response?.status).toBe(400);
    expect(s().conversations[id]!.draft?.respondTo?.key).toBe('elicitation/create #0');
    expect(timelineRows(s())[0]!.legs[0]!.answerUndelivered).toBe(true);
    expect(conversationStatus(s(), s().conversations[id]!)).not.toBe('complete');

    answer({ name: 'Ada' });
    await store.getState().sendDraft(id);
    expect(server.answers).toEqual([400, 202]);
    expect(pushedLeg().answer?.exchange.response?.status).toBe(202);
    expect(timelineRows(s())[0]!.legs[0]!.answerUndelivered).toBeUndefined();
    expect(conversationStatus(s(), s().conversations[id]!)).toBe('complete');
    expect(resultOutcome(s(), s().conversations[id]!)).toMatchObject({
      kind: 'complete',
      result: { content: [{ type: 'text', text: 'Hello Ada' }] },
    });
  });
});
