import { describe, expect, it } from 'vitest';
import {
  answerEveryRequest,
  answersNotCarried,
  echoRequestState,
  headersAgreeWithBody,
  newIdForEveryRetry,
  noInventedRequestState,
} from './client-rules.ts';
import { accept, askResult, testLeg } from './lint-legs.fixtures.ts';

const round1 = testLeg({ id: 1, result: askResult(['region'], 'S1') });

describe('client/new-id', () => {
  it('reports an error when a retry reuses the id of an earlier round', () => {
    const retry = testLeg({ id: 1, requestState: 'S1', inputResponses: { region: accept('eu') } });
    const [finding] = newIdForEveryRetry({ leg: retry, history: [round1] });
    expect(finding?.rule).toBe('client/new-id');
    expect(finding?.severity).toBe('error');
    expect(finding?.message).toContain('round 1');
  });
  it('stays quiet when every retry has a new id', () => {
    const retry = testLeg({ id: 2, requestState: 'S1', inputResponses: { region: accept('eu') } });
    expect(newIdForEveryRetry({ leg: retry, history: [round1] })).toEqual([]);
  });
});

describe('client/echo-request-state', () => {
  it('reports an error when the retry sends a different requestState without an edit', () => {
    const retry = testLeg({ id: 2, requestState: 'S1x', inputResponses: { region: accept('eu') } });
    const [finding] = echoRequestState({ leg: retry, history: [round1] });
    expect(finding?.severity).toBe('error');
    expect(finding?.byYou).toBeUndefined();
    expect(finding?.spec.section).toBe('Client Requirements (Basic Workflow)');
  });
  it('labels the finding "edited by you" when the user edited the state on purpose', () => {
    const retry = testLeg({
      id: 2,
      requestState: 'tampered',
      inputResponses: { region: accept('eu') },
      sent: { requestStateEdited: true, originalRequestState: 'S1' },
    });
    const [finding] = echoRequestState({ leg: retry, history: [round1] });
    expect(finding?.byYou).toBe('edited by you');
    expect(finding?.severity).toBe('info');
  });
  it('reports a dropped state when the retry omits it', () => {
    const retry = testLeg({ id: 2, inputResponses: { region: accept('eu') } });
    expect(echoRequestState({ leg: retry, history: [round1] })[0]?.message).toContain('dropped');
  });
  it('stays quiet when the state is echoed byte for byte', () => {
    const retry = testLeg({ id: 2, requestState: 'S1', inputResponses: { region: accept('eu') } });
    expect(echoRequestState({ leg: retry, history: [round1] })).toEqual([]);
  });
});

describe('client/no-invented-request-state', () => {
  it('reports an error when a first leg sends a requestState', () => {
    const first = testLeg({ id: 1, requestState: 'made-up' });
    const [finding] = noInventedRequestState({ leg: first, history: [] });
    expect(finding?.rule).toBe('client/no-invented-request-state');
    expect(finding?.message).toContain('first leg');
  });
  it('reports an error when the previous round gave no state but the retry sends one', () => {
    const asker = testLeg({ id: 1, result: askResult(['region']) });
    const retry = testLeg({ id: 2, requestState: 'x', inputResponses: { region: accept('eu') } });
    expect(noInventedRequestState({ leg: retry, history: [asker] })).toHaveLength(1);
  });
  it('stays quiet when the state sent is the one the server gave', () => {
    const retry = testLeg({ id: 2, requestState: 'S1', inputResponses: { region: accept('eu') } });
    expect(noInventedRequestState({ leg: retry, history: [round1] })).toEqual([]);
    expect(noInventedRequestState({ leg: testLeg(), history: [] })).toEqual([]);
  });
});

describe('client/answer-every-request', () => {
  const asker = testLeg({ id: 1, result: askResult(['region', 'size'], 'S') });
  it('warns when a retry leaves an asked key unanswered', () => {
    const retry = testLeg({ id: 2, requestState: 'S', inputResponses: { region: accept('eu') } });
    const [finding] = answerEveryRequest({ leg: retry, history: [asker] });
    expect(finding?.severity).toBe('warning');
    expect(finding?.message).toContain('"size"');
  });
  it('labels keys left unanswered on purpose', () => {
    const retry = testLeg({
      id: 2,
      requestState: 'S',
      inputResponses: { region: accept('eu') },
      sent: { unansweredKeys: ['size'] },
    });
    expect(answerEveryRequest({ leg: retry, history: [asker] })[0]?.byYou).toBe('left unanswered by you');
  });
  it('stays quiet when every key is answered', () => {
    const retry = testLeg({
      id: 2,
      requestState: 'S',
      inputResponses: { region: accept('eu'), size: accept('s') },
    });
    expect(answerEveryRequest({ leg: retry, history: [asker] })).toEqual([]);
  });
});

describe('client/answers-not-carried', () => {
  it('warns when a retry carries an answer the previous round did not ask for', () => {
    const retry = testLeg({
      id: 2,
      requestState: 'S1',
      inputResponses: { region: accept('eu'), old_answer: accept('x') },
    });
    const [finding] = answersNotCarried({ leg: retry, history: [round1] });
    expect(finding?.rule).toBe('client/answers-not-carried');
    expect(finding?.message).toContain('"old_answer"');
  });
  it('warns when a first leg carries inputResponses', () => {
    const first = testLeg({ id: 1, inputResponses: { region: accept('eu') } });
    expect(answersNotCarried({ leg: first, history: [] })[0]?.message).toContain('first leg');
  });
  it('stays quiet when only the asked keys are answered', () => {
    const retry = testLeg({ id: 2, requestState: 'S1', inputResponses: { region: accept('eu') } });
    expect(answersNotCarried({ leg: retry, history: [round1] })).toEqual([]);
  });
});

describe('client/headers-match-body', () => {
  it('reports an error when Mcp-Name disagrees with params.name', () => {
    const leg = testLeg({
      headers: [
        ['Content-Type', 'application/json'],
        ['MCP-Protocol-Version', '2026-07-28'],
        ['Mcp-Method', 'tools/call'],
        ['Mcp-Name', 'other_tool'],
      ],
    });
    const [finding] = headersAgreeWithBody({ leg, history: [] });
    expect(finding?.message).toContain('Mcp-Name says "other_tool"');
    expect(finding?.spec.page).toBe('basic/transports/streamable-http');
  });
  it('labels the mismatch "edited by you" when the user replaced the header in the composer', () => {
    const leg = testLeg({
      headers: [
        ['MCP-Protocol-Version', '2026-07-28'],
        ['Mcp-Method', 'tools/call'],
        ['Mcp-Name', 'other_tool'],
      ],
    });
    leg.sent.headersEdited = ['Mcp-Name'];
    expect(headersAgreeWithBody({ leg, history: [] })[0]).toMatchObject({ byYou: 'edited by you', severity: 'info' });
  });
  it('reports a missing Mcp-Method header', () => {
    const leg = testLeg({
      headers: [
        ['MCP-Protocol-Version', '2026-07-28'],
        ['Mcp-Name', 'provision'],
      ],
    });
    expect(headersAgreeWithBody({ leg, history: [] })[0]?.message).toContain('Mcp-Method is missing');
  });
  it('stays quiet when the composed headers mirror the body (base64 sentinel decoded)', () => {
    expect(headersAgreeWithBody({ leg: testLeg(), history: [] })).toEqual([]);
    const unicode = testLeg({ params: { name: 'café', arguments: {} } });
    expect(headersAgreeWithBody({ leg: unicode, history: [] })).toEqual([]);
  });
});
