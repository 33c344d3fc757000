import { describe, expect, it } from 'vitest';
import { offeredTools, toolUseAnswer, type ToolUseReply } from './sampling-tools.ts';

// SEP-1577, 2025-11-25 client/sampling "Tools in Sampling" (deprecated but valid in 2026-07-28)
const OFFERED = offeredTools({
  tools: [
    { name: 'get_weather', description: 'Weather', inputSchema: { type: 'object' } },
    { name: 'get_time', inputSchema: { type: 'object' } },
    { nope: true },
  ],
});
const reply = (over: Partial<ToolUseReply> = {}): ToolUseReply => ({
  text: 'Checking.',
  toolUses: [{ name: 'get_weather', id: 'call_1', input: '{ "city": "Paris" }' }],
  model: 'human',
  stopReason: 'toolUse',
  ...over,
});

describe('sampling with tools (SEP-1577, client/sampling "Tools in Sampling")', () => {
  it('reads the offered tools by name when the request carries tools', () => {
    expect(OFFERED).toEqual([{ name: 'get_weather', description: 'Weather' }, { name: 'get_time' }]);
    expect(offeredTools({ messages: [] })).toEqual([]);
  });

  it('builds a toolUse reply with array content (text, then tool_use) valid for the SDK schema', () => {
    expect(toolUseAnswer(reply(), OFFERED)).toEqual({
      ok: true,
      result: {
        role: 'assistant',
        model: 'human',
        stopReason: 'toolUse',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } },
        ],
      },
    });
  });

  it('says where the input is not JSON, or not an object, and builds nothing', () => {
    const bad = toolUseAnswer(
      reply({ toolUses: [{ name: 'get_weather', id: 'a', input: '{ city: Paris }' }] }),
      OFFERED,
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems[0]).toMatch(/^tool use 1 \(get_weather\): the input is not valid JSON \(/);
    const arr = toolUseAnswer(reply({ toolUses: [{ name: 'get_weather', id: 'a', input: '[1]' }] }), OFFERED);
    expect(arr).toEqual({
      ok: false,
      problems: ['tool use 1 (get_weather): the input must be a JSON object ({ … }).'],
    });
  });

  it('refuses a tool the request did not offer, an empty or repeated id, and toolUse without a tool use', () => {
    const r = toolUseAnswer(
      reply({
        toolUses: [
          { name: 'rm_rf', id: 'x', input: '{}' },
          { name: 'get_time', id: 'x', input: '{}' },
          { name: 'get_time', id: ' ', input: '{}' },
        ],
      }),
      OFFERED,
    );
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problems).toEqual([
        'tool use 1 (rm_rf): pick one of the tools the request offers (get_weather, get_time).',
        'tool use 2 (get_time): the id "x" is used twice.',
        'tool use 3 (get_time): the id is empty.',
      ]);
    }
    expect(toolUseAnswer(reply({ toolUses: [] }), OFFERED)).toEqual({
      ok: false,
      problems: ['stopReason "toolUse" needs at least one tool use block.'],
    });
  });
});
