import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../client/send-leg.ts';
import { createInspectorStore } from './inspector-store.ts';

const STATE = 'server-state-1';

/** A server that asks once and accepts only the state it gave; anything else gets the frozen -32602. */
const fakeFetch: FetchLike = async (_url, init) => {
  const body = JSON.parse(String(init.body)) as { id: number; params: Record<string, unknown> };
  const send = (payload: object) =>
    new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, ...payload }), {
      headers: { 'content-type': 'application/json' },
    });
  const state = body.params.requestState;
  if (state === undefined) {
    return send({
      result: {
        resultType: 'input_required',
        inputRequests: { ok: { method: 'elicitation/create', params: { message: 'ok?', requestedSchema: {} } } },
        requestState: STATE,
      },
    });
  }
  if (state !== STATE) return send({ error: { code: -32602, message: 'Invalid or expired requestState' } });
  return send({ result: { content: [{ type: 'text', text: 'done' }] } });
};

describe('forkAndSend server-state', () => {
  it('resends the round as a branch with the server state and answers when the edited state was rejected', async () => {
    const s = createInspectorStore(
      { fetchFor: () => fakeFetch, now: () => Date.now() },
      { connectedUrl: 'http://fake/mcp', savedRoots: [] },
    );
    const id = await s.getState().startCall({ method: 'tools/call', title: 'pay', params: { name: 'pay' } });
    s.getState().dispatch({ type: 'draft/answer', conversationId: id, key: 'ok', response: { action: 'accept' } });
    s.getState().dispatch({ type: 'draft/request-state', conversationId: id, value: 'server-state-X' });
    await s.getState().sendDraft(id);
    const rejected = s.getState().session.conversations[id]!.legIds[1]!;
    expect(s.getState().session.legs[rejected]!.outcome.kind).toBe('error');

    const branch = await s.getState().forkAndSend(rejected, 'server-state');
    const st = s.getState();
    const legs = st.session.conversations[branch]!.legIds.map((l) => st.session.legs[l]!);
    expect(legs).toHaveLength(2);
    expect(legs[1]!.sent.requestState).toBe(STATE);
    expect(legs[1]!.sent.requestStateEdited).toBe(false);
    expect(legs[1]!.sent.inputResponses).toEqual({ ok: { action: 'accept' } });
    expect(legs[1]!.outcome.kind).toBe('complete');
    expect(st.selectedConversationId).toBe(branch);
    expect(st.session.conversations[id]!.legIds).toHaveLength(2);
  });
});
