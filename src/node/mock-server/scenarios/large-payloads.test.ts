import { describe, expect, it } from 'vitest';
import { resultText, useMockServer } from '../mock-rpc.fixtures.ts';
import { LARGE_RESULT_BYTES, LARGE_STREAM_BYTES, logChunks, logLine, logText } from './large-payloads.ts';

const { callTool, rpc } = useMockServer();
const LOG_LEVEL = { 'io.modelcontextprotocol/logLevel': 'info' };

describe('the generated log', () => {
  it('is exactly the size asked for and the same text every time when generated twice', () => {
    const a = logText(100_000);
    expect(a.length).toBe(100_000);
    expect(Buffer.byteLength(a, 'utf8')).toBe(100_000);
    expect(logText(100_000)).toBe(a);
    expect(a.startsWith(logLine(0) + logLine(1))).toBe(true);
  });

  it('splits into chunks of the chunk size that join back into the same text when chunked', () => {
    const chunks = Array.from(logChunks(10_000, 1024));
    expect(chunks.slice(0, -1).every((c) => c.length === 1024)).toBe(true);
    expect(chunks.join('')).toBe(logText(10_000));
  });
});

describe('large_result', () => {
  it('answers a text result of the requested size as JSON when called with bytes', async () => {
    const res = await callTool('large_result', { bytes: 200_000 });
    expect(res.contentType).toContain('application/json');
    expect(resultText(res)).toBe(logText(200_000));
  });

  it('defaults to 5,000,000 bytes and lists both tools with their size argument', async () => {
    const listed = await rpc('tools/list');
    const tools = (listed.body.result?.tools ?? []) as { name: string; inputSchema: { properties: object } }[];
    const large = tools.filter((t) => t.name.startsWith('large_'));
    expect(large.map((t) => t.name)).toEqual(['large_result', 'large_stream']);
    expect(large[0]?.inputSchema.properties).toMatchObject({ bytes: { default: LARGE_RESULT_BYTES } });
    expect(large[1]?.inputSchema.properties).toMatchObject({ bytes: { default: LARGE_STREAM_BYTES } });
    const res = await callTool('large_result', {});
    expect(resultText(res).length).toBe(LARGE_RESULT_BYTES);
  });
});

describe('large_stream', () => {
  it('streams the log as log events of eventBytes, a progress event each, then a summary when a log level is set', async () => {
    const res = await callTool(
      'large_stream',
      { bytes: 10_000, eventBytes: 4096 },
      {},
      { meta: { ...LOG_LEVEL, progressToken: 'p' } },
    );
    expect(res.contentType).toContain('text/event-stream');
    const logs = res.events.filter((e) => e.method === 'notifications/message');
    const data = logs.map((e) => (e.params as { data: string; logger: string }).data);
    expect(data.map((d) => d.length)).toEqual([4096, 4096, 1808]);
    expect(data.join('')).toBe(logText(10_000));
    expect(logs[0]?.params).toMatchObject({ level: 'info', logger: 'large_stream' });
    const progress = res.events.filter((e) => e.method === 'notifications/progress');
    expect(progress.map((e) => e.params)).toEqual([
      { progressToken: 'p', progress: 1, total: 3, message: '4096 of 10000 bytes' },
      { progressToken: 'p', progress: 2, total: 3, message: '8192 of 10000 bytes' },
      { progressToken: 'p', progress: 3, total: 3, message: '10000 of 10000 bytes' },
    ]);
    expect(resultText(res)).toBe('Streamed 10,000 bytes of log in 3 log events.');
  });

  it('puts the whole log in the result, still over SSE, when no log level is set', async () => {
    const res = await callTool('large_stream', { bytes: 50_000 });
    expect(res.contentType).toContain('text/event-stream');
    expect(res.events.filter((e) => 'method' in e)).toEqual([]);
    expect(resultText(res)).toBe(logText(50_000));
  });

  it('streams a 32 MB log in full when called with the defaults', async () => {
    const res = await callTool('large_stream', {}, {}, { meta: LOG_LEVEL });
    expect(res.raw.length).toBeGreaterThan(LARGE_STREAM_BYTES);
    const logs = res.events.filter((e) => e.method === 'notifications/message');
    expect(logs).toHaveLength(Math.ceil(LARGE_STREAM_BYTES / 65_536));
    expect(resultText(res)).toBe(`Streamed 32,000,000 bytes of log in ${logs.length} log events.`);
  }, 60_000);
});
