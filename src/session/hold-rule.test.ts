import { describe, expect, it } from 'vitest';
import type { Draft } from './model.ts';
import { afterAnswer, editsOf } from './hold-rule.ts';

const params = { name: 'plan_trip', arguments: { city: 'Oslo' } };

function draft(patch: Partial<Draft> = {}): Draft {
  return {
    afterLegId: 'leg-1',
    rpcId: 2,
    params,
    inputRequests: { dates: { method: 'elicitation/create', params: { mode: 'form' } } },
    answers: { dates: { action: 'accept', content: { nights: 2 } } },
    originalRequestState: 'state-1',
    requestState: 'state-1',
    capabilities: {},
    extraHeaders: {},
    origin: { rpcId: 2, params, capabilities: {}, answers: {} },
    ...patch,
  };
}

describe('editsOf', () => {
  it('counts no edit when the answers came from the forms', () => {
    expect(editsOf(draft())).toEqual([]);
  });

  it('names every part edited by hand when params, id, headers, requestState and body changed', () => {
    const edited = draft({
      params: { name: 'plan_trip', arguments: { city: 'Bergen' } },
      rpcId: 99,
      extraHeaders: { 'X-Test': '1' },
      requestState: 'tampered',
      bodyOverride: '{}',
    });
    expect(editsOf(edited)).toEqual(['params', 'id', 'headers', 'requestState', 'body']);
  });

  it('counts answers as an edit when they were typed in the JSON editor', () => {
    expect(editsOf(draft({ answersByHand: true }))).toEqual(['answers']);
  });
});

describe('afterAnswer', () => {
  it('waits when a request of the round is still unanswered', () => {
    expect(afterAnswer(draft({ answers: {} }), 'edits', true)).toEqual({ send: false, reason: 'unanswered' });
  });

  it('holds every leg when the connection holds always and the user pressed plain Accept', () => {
    expect(afterAnswer(draft(), 'always', false)).toEqual({ send: false, reason: 'hold-always' });
  });

  it('sends when the user pressed Accept and send, or the connection holds only edited legs', () => {
    expect(afterAnswer(draft(), 'always', true)).toEqual({ send: true });
    expect(afterAnswer(draft(), 'edits', false)).toEqual({ send: true });
  });

  it('holds an edited leg and says what was edited even when the user pressed Accept and send', () => {
    const result = afterAnswer(draft({ extraHeaders: { 'X-Test': '1' } }), 'edits', true);
    expect(result).toMatchObject({ send: false, reason: 'edited', edits: ['headers'] });
    expect(result.send === false && result.reason === 'edited' && result.message).toContain('you edited headers');
  });

  it('holds a leg whose requestState was tampered with', () => {
    expect(afterAnswer(draft({ requestState: 'x' }), 'edits', true)).toMatchObject({ send: false, reason: 'edited' });
  });
});
