/** plan_with_tools: sampling with tools (SEP-1577, 2025-11-25 client/sampling "Tools in Sampling"). */
import { describe, expect, it } from 'vitest';
import { resultText, useMockServer } from '../mock-rpc.fixtures.ts';

const mock = useMockServer();
const { callTool } = mock;
const WITH_TOOLS = { elicitation: { form: {}, url: {} }, sampling: { tools: {} }, roots: {} };

describe('plan_with_tools', () => {
  it('asks for sampling with its tools and reports the tool_use blocks of a toolUse reply', async () => {
    const r1 = await callTool('plan_with_tools', {}, {}, { capabilities: WITH_TOOLS });
    const ask = r1.body.result?.inputRequests?.plan;
    expect(ask?.method).toBe('sampling/createMessage');
    expect((ask?.params?.tools as { name: string }[]).map((t) => t.name)).toEqual(['get_weather', 'get_time']);
    const reply = {
      role: 'assistant',
      model: 'human',
      stopReason: 'toolUse',
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } },
      ],
    };
    const done = await callTool(
      'plan_with_tools',
      {},
      { inputResponses: { plan: reply } },
      { capabilities: WITH_TOOLS },
    );
    expect(resultText(done)).toBe(
      'Sampled by human, stopReason toolUse: text "Checking."; tool_use get_weather {"city":"Paris"} (id call_1)',
    );
  });

  it('is refused with -32021 naming sampling.tools when the request declares plain sampling', async () => {
    const res = await callTool('plan_with_tools', {}, {}, { capabilities: { sampling: {} } });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe(-32021);
    expect(res.body.error?.data).toMatchObject({ requiredCapabilities: { sampling: { tools: {} } } });
  });
});
