import { describe, expect, it } from 'vitest';
import { resultText, useMockServer } from '../mock-rpc.fixtures.ts';
import { A4_TONE_WAV, RED_SQUARE_PNG } from './media.ts';
import { EMBEDDED_RESOURCE_TEXT, ERROR_TEXT, JSON_SCHEMA_2020_12, SIMPLE_TEXT } from './reference-tools.ts';

const { rpc, callTool } = useMockServer();

type Block = Record<string, unknown>;
const content = (res: Awaited<ReturnType<typeof callTool>>) => (res.body.result?.content ?? []) as Block[];

describe('reference tools: content kinds', () => {
  it('returns one text block when test_simple_text is called without arguments', async () => {
    const res = await rpc('tools/call', { name: 'test_simple_text' });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: SIMPLE_TEXT }] });
  });

  it('returns a PNG image block when test_image_content is called', async () => {
    const res = await callTool('test_image_content');
    expect(content(res)).toEqual([{ type: 'image', data: RED_SQUARE_PNG, mimeType: 'image/png' }]);
    expect(Buffer.from(RED_SQUARE_PNG, 'base64').subarray(1, 4).toString('ascii')).toBe('PNG');
  });

  it('returns an audio/wav block when test_audio_content is called', async () => {
    const res = await callTool('test_audio_content');
    expect(content(res)).toEqual([{ type: 'audio', data: A4_TONE_WAV, mimeType: 'audio/wav' }]);
  });

  it('returns an embedded text resource when test_embedded_resource is called', async () => {
    const res = await callTool('test_embedded_resource');
    expect(content(res)).toEqual([
      {
        type: 'resource',
        resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: EMBEDDED_RESOURCE_TEXT },
      },
    ]);
  });

  it('returns text, image and an embedded JSON resource when test_multiple_content_types is called', async () => {
    const blocks = content(await callTool('test_multiple_content_types'));
    expect(blocks.map((b) => b.type)).toEqual(['text', 'image', 'resource']);
    const resource = blocks[2]!.resource as { uri: string; mimeType: string; text: string };
    expect(resource).toMatchObject({ uri: 'test://mixed-content-resource', mimeType: 'application/json' });
    expect(JSON.parse(resource.text)).toEqual({ test: 'data', value: 123 });
  });

  it('answers a tool result with isError and the message (not a JSON-RPC error) when test_error_handling throws', async () => {
    const res = await callTool('test_error_handling');
    expect(res.status).toBe(200);
    expect(res.body.error).toBeUndefined();
    expect(res.body.result?.isError).toBe(true);
    expect(resultText(res)).toContain(ERROR_TEXT);
  });
});

describe('reference tools: progress', () => {
  it('streams progress 0, 50, 100 of 100 before the result over SSE when a progressToken is sent', async () => {
    const res = await callTool('test_tool_with_progress', {}, {}, { meta: { progressToken: 'p-1' } });
    expect(res.contentType).toContain('text/event-stream');
    const progress = res.events
      .filter((e) => e.method === 'notifications/progress')
      .map((e) => e.params as { progressToken: string; progress: number; total: number });
    expect(progress).toEqual([
      { progressToken: 'p-1', progress: 0, total: 100 },
      { progressToken: 'p-1', progress: 50, total: 100 },
      { progressToken: 'p-1', progress: 100, total: 100 },
    ]);
    expect(res.events.at(-1)).toHaveProperty('result');
    expect(resultText(res)).toBe('Progress tool done.');
  });

  it('answers plain JSON and says no progress was sent when there is no progressToken', async () => {
    const res = await callTool('test_tool_with_progress');
    expect(res.contentType).toContain('application/json');
    expect(resultText(res)).toBe('Progress tool done (no progressToken, so no progress sent).');
  });
});

describe('reference tools: JSON Schema 2020-12', () => {
  it('lists json_schema_2020_12_tool with its inputSchema exactly as written', async () => {
    const tools = (await rpc('tools/list')).body.result?.tools as { name: string; inputSchema: unknown }[];
    const tool = tools.find((t) => t.name === 'json_schema_2020_12_tool');
    expect(tool?.inputSchema).toEqual(JSON_SCHEMA_2020_12);
  });

  it('accepts arguments that satisfy the if/then branch when the contact method is phone', async () => {
    const res = await callTool('json_schema_2020_12_tool', {
      name: 'Ada',
      address: { city: 'London' },
      contactMethod: 'phone',
      phone: '+44 20 0000',
    });
    expect(res.body.result?.isError).toBeUndefined();
    expect(resultText(res)).toBe('Contact Ada in London by phone: +44 20 0000');
  });

  it('rejects arguments that break the schema (phone chosen but only an email given)', async () => {
    const res = await callTool('json_schema_2020_12_tool', { name: 'Ada', contactMethod: 'phone', email: 'a@x.io' });
    expect(res.body.result?.isError).toBe(true);
    expect(resultText(res)).toMatch(/^Input validation error: Invalid arguments for tool json_schema_2020_12_tool: /);
    expect(resultText(res)).toContain('phone');
  });

  it('rejects a property the schema does not declare (additionalProperties false)', async () => {
    const res = await callTool('json_schema_2020_12_tool', { email: 'a@x.io', nickname: 'ada' });
    expect(res.body.result?.isError).toBe(true);
    expect(resultText(res)).toContain('must NOT have additional properties');
  });
});
