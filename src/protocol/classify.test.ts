import { describe, expect, it } from 'vitest';
import { classifyMessage } from './classify.ts';

const ok = (result: unknown, id = 1) => ({ jsonrpc: '2.0', id, result });

describe('classifyMessage', () => {
  it('treats a result without resultType as complete when the server omits it', () => {
    const outcome = classifyMessage(ok({ content: [] }), 'tools/call', 1);
    expect(outcome).toMatchObject({ kind: 'complete', resultTypeMissing: true });
  });

  it('extracts inputRequests and requestState when the result is input_required', () => {
    const outcome = classifyMessage(
      ok({
        resultType: 'input_required',
        inputRequests: { region: { method: 'elicitation/create', params: { message: 'Which?' } } },
        requestState: 'abc',
      }),
      'tools/call',
      1,
    );
    expect(outcome).toMatchObject({ kind: 'input_required', requestState: 'abc', stateOnly: false });
  });

  it('marks a state-only leg when no inputRequests are present', () => {
    const outcome = classifyMessage(ok({ resultType: 'input_required', requestState: 's' }), 'prompts/get', 1);
    expect(outcome).toMatchObject({ kind: 'input_required', stateOnly: true });
  });

  it('rejects input_required with neither field', () => {
    const outcome = classifyMessage(ok({ resultType: 'input_required' }), 'tools/call', 1);
    expect(outcome.kind).toBe('invalid');
  });

  it('rejects input_required on a method that may not ask for input', () => {
    const outcome = classifyMessage(ok({ resultType: 'input_required', requestState: 's' }), 'tools/list', 1);
    expect(outcome).toMatchObject({ kind: 'invalid' });
    expect(outcome.kind === 'invalid' && outcome.reason).toContain('tools/list');
  });

  it('rejects an unknown resultType', () => {
    expect(classifyMessage(ok({ resultType: 'maybe_later' }), 'tools/call', 1).kind).toBe('invalid');
  });

  it('returns the JSON-RPC error when the response carries one', () => {
    const outcome = classifyMessage(
      { jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'Invalid or expired requestState' } },
      'tools/call',
      3,
    );
    expect(outcome).toEqual({ kind: 'error', error: { code: -32602, message: 'Invalid or expired requestState' } });
  });

  it('flags a response whose id does not match the request', () => {
    expect(classifyMessage(ok({}, 9), 'tools/call', 1).kind).toBe('invalid');
  });

  it("shows the server's error when a JSON-RPC error comes with id null (JSON-RPC 2.0 section 5)", () => {
    const outcome = classifyMessage(
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
      'tools/call',
      7,
    );
    expect(outcome).toEqual({ kind: 'error', error: { code: -32700, message: 'Parse error' } });
  });

  it('still flags a result with id null as a mismatch', () => {
    expect(classifyMessage({ jsonrpc: '2.0', id: null, result: {} }, 'tools/call', 7).kind).toBe('invalid');
  });

  it('rejects an empty inputRequests without requestState (basic/utilities/mrtr)', () => {
    const outcome = classifyMessage(ok({ resultType: 'input_required', inputRequests: {} }), 'tools/call', 1);
    expect(outcome.kind).toBe('invalid');
    expect(outcome.kind === 'invalid' && outcome.reason).toMatch(/empty inputRequests and no requestState/);
  });

  it('keeps an empty inputRequests with a requestState as a state-only leg', () => {
    const outcome = classifyMessage(
      ok({ resultType: 'input_required', inputRequests: {}, requestState: 's' }),
      'tools/call',
      1,
    );
    expect(outcome).toMatchObject({ kind: 'input_required', stateOnly: true });
  });

  it('keeps a server key named __proto__ as an own key when the server uses it', () => {
    const message = JSON.parse(
      '{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","requestState":"s","inputRequests":{"__proto__":{"method":"elicitation/create","params":{"message":"m"}}}}}',
    ) as unknown;
    const outcome = classifyMessage(message, 'tools/call', 1);
    expect(outcome.kind === 'input_required' && Object.keys(outcome.inputRequests ?? {})).toEqual(['__proto__']);
    expect(outcome.kind === 'input_required' && Object.getPrototypeOf(outcome.inputRequests)).toBe(Object.prototype);
  });
});
