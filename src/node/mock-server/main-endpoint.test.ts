import { describe, expect, it } from 'vitest';
import { createMainHandler } from './main-endpoint.ts';
import { startMockServer } from './start.ts';
import { createRpc, mcpHeaders, PROTOCOL_VERSION, resultText, useMockServer } from './mock-rpc.fixtures.ts';

const mock = useMockServer();
const { rpc, callTool } = mock;

const DEMO_TOOLS = [
  'provision',
  'configure_service',
  'rolling_upgrade',
  'plan_trip',
  'summarize_text',
  'list_workspace',
  'slow_job',
  'sign_in',
  'ask_until_accept',
  'cancellable_export',
  'progress_report',
  'large_result',
  'large_stream',
  'regional_lookup',
  'café_order',
  'approve_payment_signed',
  'approve_payment_sealed',
  'approve_payment_unprotected',
  'approve_payment_short_ttl',
];

describe('main endpoint: discovery and lists', () => {
  it('answers server/discover with versions, capabilities and serverInfo when asked', async () => {
    const res = await rpc('server/discover');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-mock-instance')).toBe('main');
    expect(res.body.result?.supportedVersions).toEqual([PROTOCOL_VERSION]);
    expect(res.body.result?.capabilities).toMatchObject({ tools: {}, prompts: {}, resources: {} });
    expect(res.body.result?._meta).toMatchObject({
      'io.modelcontextprotocol/serverInfo': { name: 'mrtr-mock', version: '1.0.0' },
    });
  });

  it('lists every demo tool and the conformance fixtures when tools/list is called', async () => {
    const res = await rpc('tools/list');
    const tools = (res.body.result?.tools ?? []) as { name: string; inputSchema: Record<string, unknown> }[];
    const names = tools.map((t) => t.name);
    for (const name of DEMO_TOOLS) expect(names).toContain(name);
    expect(names).toContain('test_input_required_result_elicitation');
    const provision = tools.find((t) => t.name === 'provision');
    expect(provision?.inputSchema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', title: 'Database name' } },
      required: ['name'],
    });
    const lookup = tools.find((t) => t.name === 'regional_lookup');
    expect(lookup?.inputSchema).toMatchObject({ properties: { region: { 'x-mcp-header': 'Region' } } });
  });

  it('lists prompts, resources and templates when asked', async () => {
    const prompts = (await rpc('prompts/list')).body.result?.prompts as { name: string }[];
    expect(prompts.map((p) => p.name)).toEqual(
      expect.arrayContaining(['draft_email', 'test_input_required_result_prompt']),
    );
    const resources = (await rpc('resources/list')).body.result?.resources as { uri: string }[];
    expect(resources.map((r) => r.uri)).toEqual(expect.arrayContaining(['mock://about', 'report://2025/summary']));
    const templates = (await rpc('resources/templates/list')).body.result?.resourceTemplates as {
      uriTemplate: string;
    }[];
    expect(templates.map((t) => t.uriTemplate)).toContain('report://{year}/summary');
  });
});

describe('main endpoint: protocol errors', () => {
  it('answers 400 / -32021 with requiredCapabilities when elicitation is not declared', async () => {
    const res = await callTool('provision', { name: 'orders' }, {}, { capabilities: {} });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe(-32021);
    expect(res.body.error?.data?.requiredCapabilities).toEqual({ elicitation: { form: {} } });
  });

  it('answers 400 / -32021 when only form elicitation is declared and the tool needs URL mode', async () => {
    const res = await callTool('sign_in', {}, {}, { capabilities: { elicitation: { form: {} } } });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe(-32021);
  });

  it('answers 400 / -32021 when sampling is not declared', async () => {
    const res = await callTool('summarize_text', {}, {}, { capabilities: { elicitation: {} } });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe(-32021);
    expect(res.body.error?.data?.requiredCapabilities).toEqual({ sampling: {} });
  });

  it('answers 400 / -32020 when the Mcp-Name header is missing', async () => {
    const res = await callTool('provision', { name: 'orders' }, {}, { omitName: true });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe(-32020);
  });

  it('answers 400 / -32022 listing supported versions when the version is unknown', async () => {
    const res = await rpc(
      'server/discover',
      {},
      {
        meta: { 'io.modelcontextprotocol/protocolVersion': '1999-01-01' },
        headers: { 'MCP-Protocol-Version': '1999-01-01' },
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe(-32022);
    expect(res.body.error?.data).toMatchObject({ supported: [PROTOCOL_VERSION], requested: '1999-01-01' });
  });

  it('answers a tools/call retry carrying an unknown version with 400 / -32022 and the supported list', async () => {
    // the inspector's "Resend with version X" relies on this after a successful connect: the retry of a
    // multi-round call, with its answer and echoed requestState, sent with a version the server does not speak
    const first = await callTool('provision', { name: 'orders' });
    const requestState = first.body.result?.requestState as string;
    expect(typeof requestState).toBe('string');
    const old = '2025-06-18';
    const res = await callTool(
      'provision',
      { name: 'orders' },
      { inputResponses: { region: { action: 'accept', content: { region: 'eu-west-1' } } }, requestState },
      { meta: { 'io.modelcontextprotocol/protocolVersion': old }, headers: { 'MCP-Protocol-Version': old } },
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe(-32022);
    expect(res.body.error?.data).toMatchObject({ supported: [PROTOCOL_VERSION], requested: old });
  });

  it('answers 404 / -32601 for initialize on this modern-only endpoint', async () => {
    const res = await rpc('initialize', {});
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe(-32601);
  });

  it('answers GET without a 2025-11-25 session with 400 and the instance header', async () => {
    const res = await fetch(mock.server.mcpUrl);
    expect(res.status).toBe(400);
    expect(res.headers.get('x-mock-instance')).toBe('main');
  });
});

describe('main endpoint: CORS and Origin', () => {
  it('answers a preflight with 204, echoing origin and requested headers', async () => {
    const res = await fetch(mock.server.mcpUrl, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, mcp-method, mcp-name, mcp-param-region',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-headers')).toBe(
      'content-type, mcp-method, mcp-name, mcp-param-region',
    );
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    const exposed = res.headers.get('access-control-expose-headers') ?? '';
    for (const h of ['WWW-Authenticate', 'Mcp-Session-Id', 'X-Mock-Instance', 'Content-Type'])
      expect(exposed).toContain(h);
  });

  it('allows loopback origins on any port and echoes them on the response', async () => {
    for (const origin of ['http://127.0.0.1:4173', 'http://[::1]:9999', 'http://localhost:1']) {
      const res = await rpc('tools/list', {}, { headers: { Origin: origin } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-expose-headers')).toContain('X-Mock-Instance');
    }
  });

  it('refuses a foreign Origin with 403 and a JSON-RPC error body', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example:80']) {
      const res = await rpc('tools/list', {}, { headers: { Origin: origin } });
      expect(res.status).toBe(403);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.body.error?.code).toBe(-32000);
    }
  });

  it('refuses a preflight from a foreign origin', async () => {
    const res = await fetch(mock.server.mcpUrl, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(res.status).toBe(403);
  });
});

describe('server index and createMainHandler', () => {
  it('serves a plain-text index listing endpoints and tools at /', async () => {
    const res = await fetch(mock.server.url + '/');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('/mcp');
    expect(text).toContain('/fleet/shared');
    expect(text).toContain('approve_payment_sealed');
  });

  it('stamps its own instance name and accepts state minted by a handler with the same key', async () => {
    const key = 'k'.repeat(32);
    const a = createMainHandler({ stateKey: key, instanceName: 'a', baseUrl: () => 'http://127.0.0.1:1' });
    const b = createMainHandler({ stateKey: key, instanceName: 'b', baseUrl: () => 'http://127.0.0.1:1' });
    const c = createMainHandler({ stateKey: 'other-key', instanceName: 'c', baseUrl: () => 'http://127.0.0.1:1' });
    const post = async (h: typeof a, params: Record<string, unknown>) => {
      const res = await h(
        new Request('http://127.0.0.1:1/mcp', {
          method: 'POST',
          headers: mcpHeaders('tools/call', 'provision'),
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: {
              name: 'provision',
              arguments: { name: 'orders' },
              ...params,
              _meta: {
                'io.modelcontextprotocol/protocolVersion': PROTOCOL_VERSION,
                'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
              },
            },
          }),
        }),
      );
      return { instance: res.headers.get('x-mock-instance'), body: (await res.json()) as Record<string, any> };
    };
    const first = await post(a, {});
    expect(first.instance).toBe('a');
    const retry = {
      requestState: first.body.result.requestState,
      inputResponses: { region: { action: 'accept', content: { region: 'ap-south-1' } } },
    };
    const onB = await post(b, retry);
    expect(onB.instance).toBe('b');
    expect(onB.body.result.content[0].text).toBe('Provisioned orders in ap-south-1');
    const onC = await post(c, retry);
    expect(onC.body.error.code).toBe(-32602);
    await Promise.all([a.close(), b.close(), c.close()]);
  });

  it('logs method, tool and status of each request through opts.log', async () => {
    const lines: string[] = [];
    const logged = await startMockServer({ port: 0, log: (l) => lines.push(l) });
    try {
      const { callTool: call } = createRpc(logged.mcpUrl);
      const res = await call('slow_job', { steps: 0 });
      expect(resultText(res)).toBe('Job finished after 0 polls');
      expect(lines.some((l) => l.includes('tools/call slow_job -> 200'))).toBe(true);
    } finally {
      await logged.close();
    }
  });
});

describe('main endpoint: bodies the wrapper does not parse', () => {
  const post = (body: BodyInit, extra: RequestInit = {}) =>
    fetch(mock.server.mcpUrl, {
      method: 'POST',
      headers: mcpHeaders('tools/list'),
      body,
      ...extra,
    });

  it('answers the SDK parse error when the body is not JSON', async () => {
    const res = await post('{not json');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });

  it('answers 413 when a chunked body passes 4 MiB', async () => {
    const big = new TextEncoder().encode(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(5 * 1024 * 1024) } }),
    );
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < big.length; i += 65536) controller.enqueue(big.subarray(i, i + 65536));
        controller.close();
      },
    });
    const res = await post(stream, { duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
  });
});
