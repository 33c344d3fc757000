import { describe, expect, it } from 'vitest';
import {
  conversationAdvances,
  declaredCapabilitiesOnly,
  inputRequiredNotEmpty,
  inputRequiredOnlyOnMrtrMethods,
  knownInputRequestMethods,
  responseContentType,
  restrictedElicitationSchema,
  validResultType,
} from './server-rules.ts';
import { lintLeg } from './lint-leg.ts';
import { accept, askResult, testLeg } from './lint-legs.fixtures.ts';

const samplingAsk = {
  resultType: 'input_required',
  inputRequests: { summary: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 10 } } },
  requestState: 's',
};

describe('server/input-required-method', () => {
  it('reports an error when tools/list answers input_required', () => {
    const leg = testLeg({ method: 'tools/list', params: {}, result: askResult(['team'], 'x') });
    const [finding] = inputRequiredOnlyOnMrtrMethods({ leg, history: [] });
    expect(finding?.rule).toBe('server/input-required-method');
    expect(finding?.spec.section).toBe('Supported Requests');
  });
  it('stays quiet when tools/call answers input_required', () => {
    expect(inputRequiredOnlyOnMrtrMethods({ leg: testLeg({ result: askResult(['a'], 'x') }), history: [] })).toEqual(
      [],
    );
  });
});

describe('server/input-required-empty', () => {
  it('reports an error when input_required carries neither field', () => {
    const leg = testLeg({ result: { resultType: 'input_required' } });
    expect(inputRequiredNotEmpty({ leg, history: [] })[0]?.rule).toBe('server/input-required-empty');
  });
  it('reports an error when inputRequests is empty and there is no requestState (basic/utilities/mrtr)', () => {
    const leg = testLeg({ result: { resultType: 'input_required', inputRequests: {} } });
    expect(inputRequiredNotEmpty({ leg, history: [] })[0]?.message).toMatch(/empty inputRequests and no requestState/);
  });
  it('stays quiet for an empty inputRequests with a requestState', () => {
    const leg = testLeg({ result: { resultType: 'input_required', inputRequests: {}, requestState: 's' } });
    expect(inputRequiredNotEmpty({ leg, history: [] })).toEqual([]);
  });
  it('stays quiet for a state-only result', () => {
    const leg = testLeg({ result: { resultType: 'input_required', requestState: 'wait' } });
    expect(inputRequiredNotEmpty({ leg, history: [] })).toEqual([]);
  });
});

describe('server/result-type', () => {
  it('reports an error for an unknown resultType', () => {
    const leg = testLeg({ result: { resultType: 'maybe_later', content: [] } });
    const [finding] = validResultType({ leg, history: [] });
    expect(finding?.severity).toBe('error');
    expect(finding?.message).toContain('"maybe_later"');
  });
  it('reports only an info when resultType is absent', () => {
    const leg = testLeg({ result: { content: [] } });
    expect(validResultType({ leg, history: [] })[0]?.severity).toBe('info');
  });
  it('stays quiet for resultType complete and for errors', () => {
    expect(validResultType({ leg: testLeg(), history: [] })).toEqual([]);
    expect(validResultType({ leg: testLeg({ error: { code: -32602, message: 'x' } }), history: [] })).toEqual([]);
  });
});

describe('server/input-request-method', () => {
  it('warns about an input request method that does not exist', () => {
    const leg = testLeg({
      result: { resultType: 'input_required', inputRequests: { spin: { method: 'widgets/spin' } }, requestState: 'x' },
    });
    expect(knownInputRequestMethods({ leg, history: [] })[0]?.message).toContain('"widgets/spin"');
  });
  it('stays quiet for the three defined kinds', () => {
    const leg = testLeg({ result: samplingAsk });
    expect(knownInputRequestMethods({ leg, history: [] })).toEqual([]);
  });
});

describe('server/undeclared-capability', () => {
  it('reports sampling asked of a request that did not declare it', () => {
    const leg = testLeg({ capabilities: { elicitation: { form: {} } }, result: samplingAsk });
    const [finding] = declaredCapabilitiesOnly({ leg, history: [] });
    expect(finding?.message).toContain('asks for sampling');
  });
  it('reports url-mode elicitation when only form was declared ("elicitation": {})', () => {
    const leg = testLeg({
      capabilities: { elicitation: {} },
      result: {
        resultType: 'input_required',
        inputRequests: {
          login: { method: 'elicitation/create', params: { mode: 'url', message: 'm', url: 'https://x' } },
        },
      },
    });
    expect(declaredCapabilitiesOnly({ leg, history: [] })[0]?.message).toContain('url mode');
  });
  it('stays quiet when the capability was declared', () => {
    expect(declaredCapabilitiesOnly({ leg: testLeg({ result: samplingAsk }), history: [] })).toEqual([]);
    const formOnly = testLeg({ capabilities: { elicitation: {} }, result: askResult(['a'], 's') });
    expect(declaredCapabilitiesOnly({ leg: formOnly, history: [] })).toEqual([]);
  });
});

describe('server/restricted-schema', () => {
  it('reports a nested object property in a form schema', () => {
    const leg = testLeg({
      result: {
        resultType: 'input_required',
        inputRequests: {
          form: {
            method: 'elicitation/create',
            params: {
              message: 'm',
              requestedSchema: { type: 'object', properties: { address: { type: 'object', properties: {} } } },
            },
          },
        },
      },
    });
    const [finding] = restrictedElicitationSchema({ leg, history: [] });
    expect(finding?.message).toContain('/properties/address');
    expect(finding?.spec.page).toBe('client/elicitation');
  });
  it('stays quiet for a flat restricted schema', () => {
    expect(restrictedElicitationSchema({ leg: testLeg({ result: askResult(['a'], 's') }), history: [] })).toEqual([]);
  });
});

describe('server/never-advances', () => {
  const ask = (id: number) =>
    testLeg({
      id,
      requestState: id > 1 ? 'same' : undefined,
      inputResponses: id > 1 ? { confirm: accept('y') } : undefined,
      result: askResult(['confirm'], 'same'),
    });
  it('warns on the third answered round with the same state and question', () => {
    const [finding] = conversationAdvances({ leg: ask(3), history: [ask(1), ask(2)] });
    expect(finding?.rule).toBe('server/never-advances');
    expect(finding?.message).toContain('3 rounds');
  });
  it('stays quiet for two rounds, or when the question was not answered', () => {
    expect(conversationAdvances({ leg: ask(2), history: [ask(1)] })).toEqual([]);
    const unanswered = testLeg({ id: 3, requestState: 'same', result: askResult(['confirm'], 'same') });
    expect(conversationAdvances({ leg: unanswered, history: [ask(1), ask(2)] })).toEqual([]);
  });
  it('stays quiet when the state changes every round', () => {
    const a = testLeg({ id: 1, result: askResult(['q'], 's1') });
    const b = testLeg({
      id: 2,
      requestState: 's1',
      inputResponses: { q: accept('1') },
      result: askResult(['q'], 's2'),
    });
    const c = testLeg({
      id: 3,
      requestState: 's2',
      inputResponses: { q: accept('2') },
      result: askResult(['q'], 's3'),
    });
    expect(conversationAdvances({ leg: c, history: [a, b] })).toEqual([]);
  });
});

describe('server/content-type', () => {
  const withResponse = (contentType: string, body?: string) => {
    const leg = testLeg();
    const response = leg.exchange.response;
    if (!response) throw new Error('test leg without a response');
    return {
      ...leg,
      exchange: { ...leg.exchange, response: { ...response, contentType, body: body ?? response.body } },
    };
  };
  it('reports an error citing the streamable HTTP transport when a JSON-RPC body comes as text/plain', () => {
    const [finding] = responseContentType({ leg: withResponse('text/plain; charset=utf-8'), history: [] });
    expect(finding).toMatchObject({ rule: 'server/content-type', severity: 'error', side: 'server' });
    expect(finding?.message).toContain('Unexpected content type text/plain');
    expect(finding?.spec.page).toBe('basic/transports/streamable-http');
    expect(finding?.spec.section).toBe('Sending Messages');
  });
  it('stays quiet for application/json with a charset, for SSE and for an empty 202 body', () => {
    expect(responseContentType({ leg: withResponse('Application/JSON; charset=utf-8'), history: [] })).toEqual([]);
    expect(responseContentType({ leg: withResponse('text/event-stream'), history: [] })).toEqual([]);
    expect(responseContentType({ leg: withResponse('text/plain', ''), history: [] })).toEqual([]);
  });
  it('is part of what lintLeg reports when the content type is wrong', () => {
    const rules = lintLeg({ leg: withResponse('text/html'), history: [] }).map((f) => f.rule);
    expect(rules).toContain('server/content-type');
  });
});

describe('lintLeg', () => {
  it('returns errors before warnings when a leg breaks several rules', () => {
    const leg = testLeg({ id: 1, requestState: 'x', inputResponses: { a: accept('1') } });
    const findings = lintLeg({ leg, history: [] });
    expect(findings.map((f) => f.rule)).toEqual(['client/no-invented-request-state', 'client/answers-not-carried']);
  });
});
