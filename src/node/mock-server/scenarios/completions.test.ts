import { describe, expect, it } from 'vitest';
import { useMockServer } from '../mock-rpc.fixtures.ts';
import { completeArg1, completeArg2, completeTemplateId } from './completions.ts';

const { rpc } = useMockServer();

interface Completion {
  values: string[];
  total?: number;
  hasMore?: boolean;
}

async function complete(params: Record<string, unknown>) {
  const res = await rpc('completion/complete', params);
  return { res, completion: res.body.result?.completion as Completion | undefined };
}

const promptRef = { type: 'ref/prompt', name: 'test_prompt_with_arguments' };

describe('completion sources', () => {
  it('completes arg1 by case-insensitive prefix', () => {
    expect(completeArg1('TEST')).toEqual(['test', 'testValue1', 'testing']);
    expect(completeArg1('par')).toEqual(['paris', 'park', 'party']);
    expect(completeArg1('zzz')).toEqual([]);
  });

  it('completes arg2 from the arg1 in the context, or from every value when there is none', () => {
    expect(completeArg2('', { arguments: { arg1: 'hello' } })).toEqual(['world', 'there']);
    expect(completeArg2('w', { arguments: { arg1: 'hello' } })).toEqual(['world']);
    expect(completeArg2('w')).toEqual(['world', 'wanted']);
  });

  it('completes template ids by prefix', () => {
    expect(completeTemplateId('1')).toEqual(['100', '123']);
  });
});

describe('completion/complete on the mock', () => {
  it('declares the completions capability in server/discover', async () => {
    const res = await rpc('server/discover');
    expect(res.body.result?.capabilities).toMatchObject({ completions: {} });
  });

  it('answers the conformance request (arg1 = "test") with the matching values', async () => {
    const { res, completion } = await complete({ ref: promptRef, argument: { name: 'arg1', value: 'test' } });
    expect(res.status).toBe(200);
    expect(completion).toEqual({ values: ['test', 'testValue1', 'testing'], total: 3, hasMore: false });
  });

  it('uses context.arguments when completing arg2', async () => {
    const { completion } = await complete({
      ref: promptRef,
      argument: { name: 'arg2', value: '' },
      context: { arguments: { arg1: 'testValue1' } },
    });
    expect(completion?.values).toEqual(['testValue2']);
  });

  it('completes the id of test://template/{id}/data', async () => {
    const { completion } = await complete({
      ref: { type: 'ref/resource', uri: 'test://template/{id}/data' },
      argument: { name: 'id', value: '12' },
    });
    expect(completion?.values).toEqual(['123']);
  });

  it('answers empty values for an argument without a completion source', async () => {
    const { completion } = await complete({
      ref: { type: 'ref/prompt', name: 'test_prompt_with_embedded_resource' },
      argument: { name: 'resourceUri', value: 'test' },
    });
    expect(completion?.values).toEqual([]);
  });

  it('answers -32602 for a prompt that does not exist', async () => {
    const { res } = await complete({
      ref: { type: 'ref/prompt', name: 'no_such_prompt' },
      argument: { name: 'a', value: '' },
    });
    expect(res.body.error?.code).toBe(-32602);
  });
});
