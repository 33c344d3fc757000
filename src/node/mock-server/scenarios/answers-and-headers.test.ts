/** The mock's scenarios over HTTP: declines and cancels, progress, request headers, prompts and resources that ask. */
import { describe, expect, it } from 'vitest';
import { accept, cancel, decline, mcpHeaders, resultText, useMockServer } from '../mock-rpc.fixtures.ts';

const mock = useMockServer();
const { rpc, callTool } = mock;

describe('decline and cancel handling', () => {
  it('ask_until_accept asks again after a decline and completes on accept', async () => {
    const r1 = await callTool('ask_until_accept');
    const r2 = await callTool(
      'ask_until_accept',
      {},
      { requestState: r1.body.result!.requestState!, inputResponses: { consent: decline() } },
    );
    expect(r2.body.result?.resultType).toBe('input_required');
    expect(String(r2.body.result?.inputRequests?.consent?.params?.message)).toContain('You declined (attempt 1)');
    const done = await callTool(
      'ask_until_accept',
      {},
      {
        requestState: r2.body.result!.requestState!,
        inputResponses: { consent: accept({ accept_terms: true, initials: 'AB' }) },
      },
    );
    expect(resultText(done)).toBe('Terms accepted by AB on attempt 2.');
  });

  it('cancellable_export explains a cancel in an isError result', async () => {
    const r1 = await callTool('cancellable_export', { dataset: 'orders' });
    const res = await callTool(
      'cancellable_export',
      { dataset: 'orders' },
      { requestState: r1.body.result!.requestState!, inputResponses: { format: cancel() } },
    );
    expect(res.body.result?.isError).toBe(true);
    expect(resultText(res)).toContain('cancelled');
    const ok = await callTool(
      'cancellable_export',
      { dataset: 'orders' },
      { requestState: r1.body.result!.requestState!, inputResponses: { format: accept({ format: 'json' }) } },
    );
    expect(resultText(ok)).toBe('Exported orders as json (1,024 rows).');
  });
});

describe('progress_report', () => {
  it('streams progress notifications over SSE before the result', async () => {
    const res = await callTool('progress_report', { steps: 3, delayMs: 10 }, {}, { meta: { progressToken: 'p1' } });
    expect(res.contentType).toContain('text/event-stream');
    const progress = res.events.filter((e) => e.method === 'notifications/progress');
    expect(progress.map((e) => (e.params as { progress: number }).progress)).toEqual([1, 2, 3]);
    expect(progress[0]?.params).toMatchObject({ progressToken: 'p1', total: 3, message: 'Step 1 of 3' });
    expect(res.events.at(-1)).toHaveProperty('result');
    expect(resultText(res)).toBe('Report ready after 3 steps.');
  });

  it('still answers over SSE when no progressToken was sent', async () => {
    const res = await callTool('progress_report', { steps: 1, delayMs: 0 });
    expect(res.contentType).toContain('text/event-stream');
    expect(res.events.some((e) => e.method === 'notifications/progress')).toBe(false);
    expect(resultText(res)).toContain('no progressToken');
  });

  it('also logs each step when the request sets a logLevel', async () => {
    const res = await callTool(
      'progress_report',
      { steps: 2, delayMs: 0 },
      {},
      { meta: { 'io.modelcontextprotocol/logLevel': 'info' } },
    );
    const logs = res.events.filter((e) => e.method === 'notifications/message');
    expect(logs.map((e) => (e.params as { data: string }).data)).toEqual([
      'progress_report: step 1 of 2',
      'progress_report: step 2 of 2',
    ]);
  });

  it('answers other tools as plain JSON by default', async () => {
    const res = await callTool('slow_job', { steps: 0 });
    expect(res.contentType).toContain('application/json');
  });
});

describe('request headers', () => {
  it('regional_lookup reports the Mcp-Param-Region header it received', async () => {
    const res = await callTool(
      'regional_lookup',
      { region: 'eu-west-1', query: 'orders' },
      {},
      { headers: { 'Mcp-Param-Region': 'eu-west-1' } },
    );
    expect(resultText(res)).toContain('Received header Mcp-Param-Region: eu-west-1; matches argument: yes.');
  });

  it('regional_lookup decodes a base64-sentinel header value', async () => {
    const value = ' zürich ';
    const encoded = `=?base64?${Buffer.from(value).toString('base64')}?=`;
    const res = await callTool('regional_lookup', { region: value }, {}, { headers: { 'Mcp-Param-Region': encoded } });
    expect(resultText(res)).toContain(`(decoded: ${value})`);
    expect(resultText(res)).toContain('matches argument: yes');
  });

  it('regional_lookup is refused with 400 / -32020 when the header disagrees with the argument', async () => {
    const res = await callTool(
      'regional_lookup',
      { region: 'eu-west-1' },
      {},
      { headers: { 'Mcp-Param-Region': 'us-east-1' } },
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe(-32020);
  });

  it('café_order accepts a base64-sentinel Mcp-Name and rejects the raw non-ASCII name', async () => {
    const ok = await callTool('café_order', { drink: 'espresso' });
    expect(resultText(ok)).toContain('Order placed: small espresso.');
    expect(resultText(ok)).toContain('=?base64?');
    const raw = await fetch(mock.server.mcpUrl, {
      method: 'POST',
      headers: mcpHeaders('tools/call', 'cafe_order'),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'café_order',
          arguments: {},
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    });
    expect(raw.status).toBe(400);
  });
});

describe('prompts and resources asking for input', () => {
  it('draft_email asks for a tone, then returns messages using it', async () => {
    const r1 = await rpc('prompts/get', { name: 'draft_email', arguments: { topic: 'the offsite' } });
    expect(r1.body.result?.inputRequests?.tone?.method).toBe('elicitation/create');
    const done = await rpc('prompts/get', {
      name: 'draft_email',
      arguments: { topic: 'the offsite' },
      requestState: r1.body.result!.requestState!,
      inputResponses: { tone: accept({ tone: 'terse' }) },
    });
    expect(done.body.result?.messages?.[0]?.content.text).toBe(
      'Draft a terse email about: the offsite. Keep it under 120 words.',
    );
  });

  it('report://{year}/summary asks for a format, then returns text/plain contents', async () => {
    const r1 = await rpc('resources/read', { uri: 'report://2025/summary' });
    expect(r1.body.result?.inputRequests?.format?.method).toBe('elicitation/create');
    const done = await rpc('resources/read', {
      uri: 'report://2025/summary',
      requestState: r1.body.result!.requestState!,
      inputResponses: { format: accept({ format: 'csv' }) },
    });
    expect(done.body.result?.contents?.[0]).toMatchObject({ uri: 'report://2025/summary', mimeType: 'text/plain' });
    expect(done.body.result?.contents?.[0]?.text).toContain('quarter,orders_k');
  });

  it('rejects a report state replayed on another year', async () => {
    const r1 = await rpc('resources/read', { uri: 'report://2025/summary' });
    const res = await rpc('resources/read', {
      uri: 'report://2024/summary',
      requestState: r1.body.result!.requestState!,
      inputResponses: { format: accept({ format: 'csv' }) },
    });
    expect(res.body.error?.code).toBe(-32602);
  });

  it('serves the static resource without questions', async () => {
    const res = await rpc('resources/read', { uri: 'mock://about' });
    expect(res.body.result?.resultType).toBe('complete');
    expect(res.body.result?.contents?.[0]?.text).toContain('mrtr-mock');
  });
});
