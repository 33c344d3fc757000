import { beforeEach, describe, expect, it } from 'vitest';
import { resetFleetCounters } from './fleet.ts';
import { useMockServer } from './mock-rpc.fixtures.ts';

const mock = useMockServer({ defaults: { capabilities: { elicitation: { form: {}, url: {} } } } });

beforeEach(() => resetFleetCounters());

interface Leg {
  status: number;
  instance: string | null;
  fleet: string | null;
  message: Record<string, any>;
}

async function callTool(path: string, name: string, params: Record<string, unknown> = {}): Promise<Leg> {
  const res = await mock.rpc('tools/call', { name, ...params }, { url: `${mock.base}${path}` });
  return {
    status: res.status,
    instance: res.headers.get('x-mock-instance'),
    fleet: res.headers.get('x-mock-fleet'),
    message: res.body as Record<string, any>,
  };
}

/** Leg 1 of provision {name:"orders"}, then the retry accepting region eu-west-1 with the echoed requestState. */
async function provisionTwoLegs(path: string): Promise<{ leg1: Leg; leg2: Leg }> {
  const args = { arguments: { name: 'orders' } };
  const leg1 = await callTool(path, 'provision', args);
  const result = leg1.message.result as Record<string, any>;
  expect(result.resultType).toBe('input_required');
  expect(typeof result.requestState).toBe('string');
  const [key] = Object.entries(result.inputRequests as Record<string, any>).find(
    ([, req]) => req.method === 'elicitation/create' && req.params?.requestedSchema?.properties?.region,
  ) ?? [undefined];
  expect(key).toBeDefined();
  const leg2 = await callTool(path, 'provision', {
    ...args,
    inputResponses: { [key as string]: { action: 'accept', content: { region: 'eu-west-1' } } },
    requestState: result.requestState,
  });
  return { leg1, leg2 };
}

describe('fleet mode', () => {
  it('/fleet/shared: leg 1 on a, retry on b verifies and completes', async () => {
    const { leg1, leg2 } = await provisionTwoLegs('/fleet/shared');
    expect(leg1.instance).toBe('a');
    expect(leg2.instance).toBe('b');
    expect(leg1.fleet).toBe('shared');
    expect(leg2.status).toBe(200);
    expect(leg2.message.error).toBeUndefined();
    expect(leg2.message.result.resultType ?? 'complete').toBe('complete');
    expect(JSON.stringify(leg2.message.result.content)).toContain('eu-west-1');
  });

  it("/fleet/split: retry on b cannot verify a's requestState (frozen -32602)", async () => {
    const { leg1, leg2 } = await provisionTwoLegs('/fleet/split');
    expect(leg1.instance).toBe('a');
    expect(leg2.instance).toBe('b');
    expect(leg2.fleet).toBe('split');
    expect(leg2.message.result).toBeUndefined();
    expect(leg2.message.error).toEqual({
      code: -32602,
      message: 'Invalid or expired requestState',
      data: { reason: 'invalid_request_state' },
    });
  });

  it('/fleet/split: a retry that happens to land on the minting instance still verifies', async () => {
    const leg1 = await callTool('/fleet/split', 'provision', { arguments: { name: 'orders' } });
    expect(leg1.instance).toBe('a');
    const filler = await callTool('/fleet/split', 'no_such_tool'); // moves the round-robin to b and back
    expect(filler.instance).toBe('b');
    const leg2 = await callTool('/fleet/split', 'provision', {
      arguments: { name: 'orders' },
      inputResponses: { region: { action: 'accept', content: { region: 'eu-west-1' } } },
      requestState: leg1.message.result.requestState,
    });
    expect(leg2.instance).toBe('a');
    expect(leg2.message.result.resultType).toBe('complete');
  });

  it('round-robins per route and per POST; preflights do not count', async () => {
    const seen: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const pre = await fetch(`${mock.base}/fleet/shared`, {
        method: 'OPTIONS',
        headers: {
          Origin: mock.base,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type, mcp-protocol-version, mcp-method, mcp-name',
        },
      });
      await pre.body?.cancel();
      seen.push((await callTool('/fleet/shared', 'no_such_tool')).instance);
    }
    // the split route has its own counter
    seen.push((await callTool('/fleet/split', 'no_such_tool')).instance);
    expect(seen).toEqual(['a', 'b', 'a', 'a']);
  });
});
