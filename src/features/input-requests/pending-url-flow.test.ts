import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../protocol/types.ts';
import { sessionWith, type FixtureLeg } from '../../session/timeline/timeline.fixtures.ts';
import { pendingUrlFlows } from './pending-url-flow.ts';

const URL_ASK: JsonObject = {
  resultType: 'input_required',
  inputRequests: {
    sign_in: { method: 'elicitation/create', params: { mode: 'url', message: 'Sign in', url: 'https://a.example/c' } },
    region: { method: 'elicitation/create', params: { message: 'Region?', requestedSchema: { type: 'object' } } },
  },
  requestState: 's1',
};
const WAITING: JsonObject = { resultType: 'input_required', requestState: 's2' };

function flowsOf(legs: FixtureLeg[]) {
  const state = sessionWith([{ id: 'c', legs }]);
  return pendingUrlFlows(state.conversations.c!.legIds, state.legs);
}

describe('pendingUrlFlows', () => {
  it('returns the accepted URL request of the asking round when the server keeps answering state-only', () => {
    const flows = flowsOf([
      { result: URL_ASK },
      { requestState: 's1', inputResponses: { sign_in: { action: 'accept' }, region: {} }, result: WAITING },
      { requestState: 's2', result: WAITING },
    ]);
    expect(flows).toEqual([{ legId: 'leg-1', key: 'sign_in', request: (URL_ASK.inputRequests as JsonObject).sign_in }]);
  });

  it('returns nothing when the URL request was declined', () => {
    const flows = flowsOf([
      { result: URL_ASK },
      { requestState: 's1', inputResponses: { sign_in: { action: 'decline' } }, result: WAITING },
    ]);
    expect(flows).toEqual([]);
  });

  it('returns nothing when the last leg completed or asks again', () => {
    const accepted: FixtureLeg = { requestState: 's1', inputResponses: { sign_in: { action: 'accept' } } };
    expect(flowsOf([{ result: URL_ASK }, { ...accepted, result: { content: [] } }])).toEqual([]);
    expect(flowsOf([{ result: URL_ASK }, { ...accepted, result: URL_ASK }])).toEqual([]);
  });

  it('returns nothing when the state-only legs follow no question at all', () => {
    expect(flowsOf([{ result: WAITING }, { requestState: 's2', result: WAITING }])).toEqual([]);
    expect(flowsOf([])).toEqual([]);
  });
});
