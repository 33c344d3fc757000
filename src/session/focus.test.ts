import { describe, expect, it } from 'vitest';
import type { Conversation, Draft } from './model.ts';
import { focusAfterLeg, focusAfterRun, focusIntent } from './focus.ts';

const CONFIRM = { method: 'elicitation/create', params: { message: 'ok?', requestedSchema: {} } };

function conversation(draft?: Partial<Draft>, legs = 2): Conversation {
  const c: Conversation = {
    id: 'c1',
    kind: 'call',
    title: 'pay',
    method: 'tools/call',
    serverUrl: 'http://fake/mcp',
    createdAt: 0,
    params: { name: 'pay' },
    legIds: Array.from({ length: legs }, (_, i) => `leg-${i + 1}`),
  };
  if (draft) {
    c.draft = { rpcId: 3, params: {}, inputRequests: {}, answers: {}, capabilities: {}, extraHeaders: {}, ...draft };
  }
  return c;
}

describe('focus intents', () => {
  it('aims at the first request of the next round when the answered leg asks again', () => {
    const c = conversation({ inputRequests: { confirm: CONFIRM } });
    expect(focusAfterLeg(c)).toBe('first-request');
    expect(focusIntent(c, 'first-request', 'Next request', 7)).toEqual({
      target: 'first-request',
      conversationId: 'c1',
      round: 3,
      from: 'Next request',
      nonce: 7,
    });
  });

  it('aims at the Result when the leg finished the call or only a requestState came back', () => {
    expect(focusAfterLeg(conversation())).toBe('result');
    expect(focusAfterLeg(conversation({}))).toBe('result');
  });

  it('aims where a run stopped: Result when done, the request when paused, else the Run button', () => {
    expect(focusAfterRun(conversation())).toBe('result');
    expect(focusAfterRun(conversation({ inputRequests: { confirm: CONFIRM } }))).toBe('first-request');
    expect(focusAfterRun(conversation({}))).toBe('run-button');
    const answered = conversation({ inputRequests: { confirm: CONFIRM }, answers: { confirm: { action: 'accept' } } });
    expect(focusAfterRun(answered)).toBe('run-button');
  });
});
