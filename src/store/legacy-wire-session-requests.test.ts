import { describe, expect, it } from 'vitest';
import { openStandalone } from '../client/legacy/standalone.ts';
import type { FetchLike } from '../client/send-leg.ts';
import { conversationStatus } from '../session/selectors.ts';
import { connectedLegacyStore, json, sseAnswer } from './legacy-store.fixtures.ts';
import { sessionRequestTitle } from '../session/flows/session-requests.ts';

const URL = 'http://everything/mcp';

/**
 * A 2025-11-25 server like the everything server: once a call is on its way it pushes `roots/list` on the session's
 * GET stream (its post-initialization roots sync), and answers the call on the call's own stream without waiting.
 */
function everythingLike() {
  const posted: string[] = [];
  let callArrived: () => void = () => {};
  const arrived = new Promise<void>((r) => (callArrived = r));
  const fetch: FetchLike = async (_url, init) => {
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    if (init.method === 'GET') {
      return sseAnswer(async (send) => {
        await arrived;
        send({ jsonrpc: '2.0', id: 0, method: 'roots/list' });
      }, true);
    }
    posted.push(String(init.body));
    if (body?.method === 'initialize')
      return json(
        { jsonrpc: '2.0', id: body.id, result: { protocolVersion: '2025-11-25', capabilities: {} } },
        { 'mcp-session-id': 'sess' },
      );
    if (body?.method === 'tools/call') {
      callArrived();
      // the server's push and the call's own answer cross: the call is answered right away
      await new Promise((r) => setTimeout(r, 20));
      return json({ jsonrpc: '2.0', id: body.id, result: { content: [{ type: 'text', text: 'Echo: hi' }] } });
    }
    return new Response(null, { status: 202 });
  };
  return { fetch, posted };
}

/** Connected with the session's standalone stream open, its pushed requests handed to the era connections. */
const connected = (fetch: FetchLike) =>
  connectedLegacyStore(URL, fetch, {
    initialized: (session, eras) => {
      session.sessionHandler = (request, via) => eras.pushedOnSession(session, request, via);
      openStandalone(session);
    },
  });

describe('a request a 2025-11-25 server pushes on its session stream', () => {
  it('is a conversation of its own: the call in flight completes without it, and it is answered on its own', async () => {
    const server = everythingLike();
    const { store, session } = await connected(server.fetch);
    const callId = await store
      .getState()
      .startCall({ method: 'tools/call', title: 'echo', params: { name: 'echo', arguments: { message: 'hi' } } });

    // the call is one leg, its own response: the session's roots/list is no round of it
    const st = store.getState().session;
    const call = st.conversations[callId]!;
    expect(call.legIds).toHaveLength(1);
    expect(conversationStatus(st, call)).toBe('complete');

    await expect.poll(() => store.getState().session.order.length).toBe(2);
    const rootsId = store.getState().session.order[1]!;
    const roots = store.getState().session.conversations[rootsId]!;
    expect(roots.title).toBe(sessionRequestTitle('roots/list'));
    expect(roots.draft?.respondTo).toMatchObject({ id: 0, method: 'roots/list', onSession: true });
    expect(conversationStatus(store.getState().session, roots)).toBe('awaiting-input');

    store.getState().dispatch({
      type: 'draft/answer',
      conversationId: rootsId,
      key: 'roots/list #0',
      response: { roots: [{ uri: 'file:///work' }] },
    });
    await store.getState().sendDraft(rootsId);
    expect(JSON.parse(server.posted.at(-1)!)).toEqual({
      jsonrpc: '2.0',
      id: 0,
      result: { roots: [{ uri: 'file:///work' }] },
    });
    const after = store.getState().session;
    const answered = after.conversations[rootsId]!;
    // answered, it is over: one leg with the response attached, nothing in flight, nothing more to send
    expect(answered.legIds).toHaveLength(1);
    expect(answered.inFlight).toBeUndefined();
    expect(answered.draft).toBeUndefined();
    expect(after.legs[answered.legIds[0]!]?.answer?.exchange.response?.status).toBe(202);
    expect(conversationStatus(after, answered)).toBe('complete');
    session.standaloneStop?.abort();
  });
});
