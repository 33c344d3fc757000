import { describe, expect, it } from 'vitest';
import { composeRequest } from './compose.ts';
import { emptySession, type SessionState } from './model.ts';
import { reduce } from './reducer.ts';
import { conversationStatus, knownRequestStates, unansweredKeys } from './selectors.ts';
import { ctx, provisionStarted, send } from './session-events.fixtures.ts';

const start = (): SessionState => reduce(emptySession, provisionStarted());

const asked = {
  resultType: 'input_required',
  inputRequests: { region: { method: 'elicitation/create', params: { message: 'Which region?' } } },
  requestState: 'state-1',
};

describe('session reducer', () => {
  it('holds the retry in a draft with the echoed state when the server asks for input', () => {
    const state = send(start(), 'l1', asked);
    const c = state.conversations.c1!;
    expect(conversationStatus(state, c)).toBe('awaiting-input');
    expect(c.draft?.requestState).toBe('state-1');
    expect(c.draft?.afterLegId).toBe('l1');
    expect(unansweredKeys(c.draft!)).toEqual(['region']);
  });

  it('composes the same method and params with a new id, answers and the echoed state when retrying', () => {
    let state = send(start(), 'l1', asked);
    state = reduce(state, {
      type: 'draft/answer',
      conversationId: 'c1',
      key: 'region',
      response: { action: 'accept', content: { region: 'eu-west-1' } },
    });
    const c = state.conversations.c1!;
    const first = state.legs.l1!;
    const composed = composeRequest(c, c.draft!, ctx);
    expect(composed.message?.id).not.toBe(first.rpcId);
    expect(composed.message?.params).toMatchObject({
      name: 'provision',
      arguments: { name: 'orders' },
      inputResponses: { region: { action: 'accept', content: { region: 'eu-west-1' } } },
      requestState: 'state-1',
    });
    expect(composed.sent.requestStateEdited).toBe(false);
    expect(Object.fromEntries(composed.headers)['Mcp-Name']).toBe('provision');
  });

  it('marks the state as edited by the user when the composer changes it', () => {
    let state = send(start(), 'l1', asked);
    state = reduce(state, { type: 'draft/request-state', conversationId: 'c1', value: 'state-2' });
    const c = state.conversations.c1!;
    expect(composeRequest(c, c.draft!, ctx).sent.requestStateEdited).toBe(true);
  });

  it('ends the conversation without a draft when the result is complete', () => {
    let state = send(start(), 'l1', asked);
    state = send(state, 'l2', { content: [{ type: 'text', text: 'done' }] });
    const c = state.conversations.c1!;
    expect(c.draft).toBeUndefined();
    expect(conversationStatus(state, c)).toBe('complete');
    expect(state.legs.l2?.parentLegId).toBe('l1');
  });

  it('starts a branch that resends an earlier leg when forked', () => {
    let state = send(start(), 'l1', asked);
    state = reduce(state, {
      type: 'draft/answer',
      conversationId: 'c1',
      key: 'region',
      response: { action: 'accept', content: { region: 'eu-west-1' } },
    });
    state = send(state, 'l2', { content: [] });
    state = reduce(state, { type: 'conversation/forked', fromLegId: 'l2', id: 'c2', at: 1 });
    const branch = state.conversations.c2!;
    expect(branch.legIds).toEqual(['l1']);
    expect(branch.draft?.answers).toEqual({ region: { action: 'accept', content: { region: 'eu-west-1' } } });
    expect(branch.draft?.requestState).toBe('state-1');
    expect(state.order).toEqual(['c1', 'c2']);
    expect(knownRequestStates(state).map((s) => s.value)).toEqual(['state-1']);
  });

  it('lists each state once, numbering repeated calls, when two calls of a tool hand out states', () => {
    let state = send(start(), 'l1', asked);
    state = reduce(state, {
      type: 'conversation/started',
      kind: 'call',
      id: 'c2',
      title: 'provision',
      method: 'tools/call',
      params: { name: 'provision', arguments: {} },
      serverUrl: 'http://mock/mcp',
      capabilities: {},
      at: 2,
    });
    state = send(state, 'l3', asked, 'c2');
    state = send(state, 'l4', { ...asked, requestState: 'state-2' }, 'c2');
    expect(knownRequestStates(state).map((s) => s.label)).toEqual(['provision · round 1', 'provision #2 · round 2']);
  });

  it('drops legs no conversation uses when a conversation is removed', () => {
    let state = send(start(), 'l1', asked);
    state = reduce(state, { type: 'conversation/removed', conversationId: 'c1' });
    expect(state.legs).toEqual({});
    expect(state.order).toEqual([]);
  });
});
