import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../client/send-leg.ts';
import { tamperRows } from '../session/tamper-matrix.ts';
import { createInspectorStore } from './inspector-store.ts';

const ASK = {
  resultType: 'input_required',
  inputRequests: { confirm: { method: 'elicitation/create', params: { message: 'ok?', requestedSchema: {} } } },
  requestState: 'eyJhbW91bnQiOjEyMH0', // base64url {"amount":120}: trusted as-is, like the unprotected mock
};

/** A server that trusts its base64url JSON state and never finishes slow jobs. */
const fakeFetch: FetchLike = async (_url, init) => {
  const body = JSON.parse(String(init.body)) as { id: number; params: Record<string, unknown> };
  const reply = (result: unknown) =>
    new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }), {
      headers: { 'content-type': 'application/json' },
    });
  const p = body.params;
  if (p.name === 'slow') return reply({ resultType: 'input_required', requestState: 'again' });
  if (typeof p.requestState !== 'string') return reply(ASK);
  try {
    const state = JSON.parse(Buffer.from(p.requestState, 'base64url').toString('utf8')) as { amount: number };
    return reply({ content: [{ type: 'text', text: `Approved ${state.amount}` }] });
  } catch {
    return reply({ isError: true, content: [{ type: 'text', text: 'Malformed state' }] });
  }
};

function store() {
  return createInspectorStore(
    { fetchFor: () => fakeFetch, now: () => Date.now() },
    { connectedUrl: 'http://fake/mcp', savedRoots: [] },
  );
}

describe('session slice', () => {
  it('sends nothing and says why when the tool declares an invalid x-mcp-header (SEP-2243, server/tools)', async () => {
    let requests = 0;
    const s = createInspectorStore(
      {
        fetchFor:
          () =>
          (...a) => (requests++, fakeFetch(...a)),
        now: () => Date.now(),
      },
      { connectedUrl: 'http://fake/mcp', savedRoots: [] },
    );
    const inputSchema = { type: 'object', properties: { score: { type: 'number', 'x-mcp-header': 'Score' } } };
    await expect(
      s.getState().startCall({ method: 'tools/call', title: 'bad', params: { name: 'bad' }, inputSchema }),
    ).rejects.toThrow(/invalid x-mcp-header \(score: /);
    expect(requests).toBe(0);
    expect(Object.keys(s.getState().session.conversations)).toEqual([]);
  });

  it('sends one fork per mutation and leaves the paused draft alone when the tamper matrix runs', async () => {
    const s = store();
    const id = await s.getState().startCall({ method: 'tools/call', title: 'pay', params: { name: 'pay' } });
    s.getState().dispatch({ type: 'draft/answer', conversationId: id, key: 'confirm', response: { action: 'accept' } });
    const before = s.getState().session.conversations[id]!.draft;
    await s.getState().runTamperMatrix(id);
    const st = s.getState();
    const source = st.session.conversations[id]!;
    expect(source.draft).toEqual(before);
    expect(st.selectedConversationId).toBe(id);
    const rows = Object.fromEntries(tamperRows(st.session, source).map((r) => [r.mutationId, r]));
    expect(rows.control?.summary).toBe('accepted! Approved 120');
    expect(rows['rewrite-number']?.summary).toBe('accepted! Approved 12000');
    expect(rows.drop?.verdict).toBe('reasked');
    expect(rows['expired-replay']?.verdict).toBe('skipped');
    expect(st.runNotes[id]?.message).toMatch(/^Tamper matrix finished: \d+ forks sent, \d+ skipped/);
    expect(st.running[id]).toBeUndefined();
  });

  it('stops at the round cap, counting the rounds of the call, when state-only legs never end', async () => {
    const s = store();
    s.getState().setRoundCap(3);
    const id = await s.getState().startCall({ method: 'tools/call', title: 'slow', params: { name: 'slow' } });
    await s.getState().runToCompletion(id);
    const st = s.getState();
    // the request and 3 retries: the cap counts the call's input_required results
    expect(st.session.conversations[id]!.legIds).toHaveLength(4);
    expect(st.runNotes[id]).toEqual({
      kind: 'round-cap',
      message:
        'Stopped at the round cap: the server answered input_required 4 times (cap 3) and has not finished. Raise the cap or inspect the legs.',
    });
    expect(st.runWaits).toEqual({});
  });

  it('forks an answering leg and sends it declining when asked what if I had declined', async () => {
    const s = store();
    const id = await s.getState().startCall({ method: 'tools/call', title: 'pay', params: { name: 'pay' } });
    s.getState().dispatch({ type: 'draft/answer', conversationId: id, key: 'confirm', response: { action: 'accept' } });
    await s.getState().sendDraft(id);
    const legId = s.getState().session.conversations[id]!.legIds[1]!;
    const branch = await s.getState().forkAndSend(legId, 'decline');
    const st = s.getState();
    const sent = st.session.legs[st.session.conversations[branch]!.legIds[1]!]!.sent;
    expect(sent.inputResponses).toEqual({ confirm: { action: 'decline' } });
    expect(st.selectedConversationId).toBe(branch);
  });

  it('selects the new call and no leg when a call starts while a leg of another call is selected', async () => {
    const s = store();
    const first = await s.getState().startCall({ method: 'tools/call', title: 'pay', params: { name: 'pay' } });
    expect(s.getState().selectedLegId).toBe(s.getState().session.conversations[first]!.legIds[0]);
    const second = s.getState().startCall({ method: 'tools/call', title: 'slow', params: { name: 'slow' } });
    // the leg is in flight: the earlier call's leg is no longer selected
    expect(s.getState().selectedConversationId).toBe(s.getState().session.order[1]);
    expect(s.getState().session.conversations[s.getState().session.order[1]!]?.inFlight).toBeDefined();
    expect(s.getState().selectedLegId).toBeNull();
    const id = await second;
    expect(s.getState().selectedConversationId).toBe(id);
    expect(s.getState().selectedLegId).toBe(s.getState().session.conversations[id]!.legIds[0]);
  });

  it('emits a focus intent for the next round only when the step was asked to move focus', async () => {
    const s = store();
    const id = await s.getState().startCall({ method: 'tools/call', title: 'pay', params: { name: 'pay' } });
    expect(s.getState().focusIntent).toBeNull();
    s.getState().dispatch({ type: 'draft/reset', conversationId: id });
    const started = await s
      .getState()
      .startCall({ method: 'tools/call', title: 'pay', params: { name: 'pay' } }, { focusFrom: 'Call' });
    expect(s.getState().focusIntent).toEqual({
      target: 'first-request',
      conversationId: started,
      round: 2,
      from: 'Call',
      nonce: 1,
    });
    s.getState().dispatch({
      type: 'draft/answer',
      conversationId: started,
      key: 'confirm',
      response: { action: 'accept' },
    });
    await s.getState().sendDraft(started, { focusFrom: 'Next request' });
    expect(s.getState().focusIntent).toMatchObject({ target: 'result', from: 'Next request', nonce: 2 });
  });

  it('emits a focus intent on the Run button when a run stops at the round cap', async () => {
    const s = store();
    s.getState().setRoundCap(1);
    const id = await s.getState().startCall({ method: 'tools/call', title: 'slow', params: { name: 'slow' } });
    await s.getState().runToCompletion(id, { focusFrom: 'Next request' });
    expect(s.getState().runNotes[id]?.kind).toBe('round-cap');
    // the cap counts the call's input_required results: the run sends one retry, the second result stops it
    expect(s.getState().session.conversations[id]!.legIds).toHaveLength(2);
    expect(s.getState().focusIntent).toMatchObject({ target: 'run-button', conversationId: id, round: 3 });
  });
});
