import { describe, expect, it } from 'vitest';
import { LegacySession, type LegacyExchange } from '../../client/legacy/legacy-session.ts';
import { useMockServer } from './mock-rpc.fixtures.ts';
import type { PushedRequest } from '../../client/legacy/messages.ts';

const mock = useMockServer();

const CAPS = { elicitation: { form: {}, url: {} }, sampling: {}, roots: { listChanged: true } };

function open(log: LegacyExchange[] = []) {
  return new LegacySession({
    url: mock.server.mcpUrl,
    fetch: (input, init) => fetch(input, init),
    clientInfo: { name: 'legacy-test', version: '1' },
    capabilities: CAPS,
    onExchange: (e) => log.push(e),
  });
}

const text = (m: Record<string, unknown>) =>
  ((m.result as { content?: { text?: string }[] } | undefined)?.content?.[0]?.text ?? '') as string;

describe('mock on 2025-11-25: sessions', () => {
  it('opens a session with initialize and names it in Mcp-Session-Id when a 2025 client connects', async () => {
    const log: LegacyExchange[] = [];
    const s = open(log);
    const server = await s.initialize();
    expect(server.protocolVersion).toBe('2025-11-25');
    expect(server.serverInfo).toMatchObject({ name: 'mrtr-mock' });
    expect(s.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(log.map((e) => [e.label, e.exchange.response?.status])).toEqual([
      ['initialize', 200],
      ['notifications/initialized', 202],
    ]);
    await s.close();
  });

  it('pushes elicitation/create on the tools/call stream and completes with the answer when provision runs', async () => {
    const s = open();
    await s.initialize();
    const pushed: PushedRequest[] = [];
    const res = await s.request('tools/call', { name: 'provision', arguments: { name: 'orders' } }, async (r) => {
      pushed.push(r);
      return { result: { action: 'accept', content: { region: 'eu-west-1' } } };
    });
    expect(pushed.map((p) => p.method)).toEqual(['elicitation/create']);
    expect(pushed[0]!.params).toMatchObject({ message: 'Which region should orders be provisioned in?' });
    expect(text(res)).toBe('Provisioned orders in eu-west-1');
    await s.close();
  });

  it('pushes sampling and roots requests when the same tools run on a legacy connection', async () => {
    const s = open();
    await s.initialize();
    const methods: string[] = [];
    const res = await s.request('tools/call', { name: 'test_sampling', arguments: { prompt: 'Hi' } }, async (r) => {
      methods.push(r.method);
      return { result: { role: 'assistant', content: { type: 'text', text: 'Hello' }, model: 'm' } };
    });
    expect(methods).toEqual(['sampling/createMessage']);
    expect(text(res)).toBe('LLM response: Hello');
    const roots = await s.request(
      'tools/call',
      { name: 'test_input_required_result_list_roots', arguments: {} },
      async (r) => {
        methods.push(r.method);
        return { result: { roots: [{ uri: 'file:///work' }] } };
      },
    );
    expect(methods).toContain('roots/list');
    expect(text(roots)).toContain('file:///work');
    await s.close();
  });

  it('answers dual_era_pitfall with -32603 on a legacy connection and with input_required on 2026-07-28', async () => {
    const s = open();
    await s.initialize();
    const res = await s.request('tools/call', { name: 'dual_era_pitfall', arguments: {} }, async () => ({
      result: { action: 'decline' },
    }));
    expect((res.error as { code: number }).code).toBe(-32603);
    await s.close();
    const modern = await mock.callTool('dual_era_pitfall', {});
    expect(modern.body.result?.resultType).toBe('input_required');
  });

  it('refuses a request without a session id with 400 and an ended session with 404 when DELETE ran', async () => {
    const s = open();
    await s.initialize();
    const id = s.sessionId!;
    const ended = await s.close();
    expect(ended?.response?.status).toBe(200);
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    };
    const body = JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' });
    const missing = await fetch(mock.server.mcpUrl, { method: 'POST', headers, body });
    expect(missing.status).toBe(400);
    const gone = await fetch(mock.server.mcpUrl, {
      method: 'POST',
      headers: { ...headers, 'mcp-session-id': id },
      body,
    });
    expect(gone.status).toBe(404);
  });

  it('still serves 2026-07-28 server/discover beside the sessions', async () => {
    const res = await mock.rpc('server/discover');
    expect(res.body.result?.supportedVersions).toEqual(['2026-07-28']);
  });
});
