import { describe, expect, it } from 'vitest';
import { accept, cancel, decline, mcpHeaders, resultText, useMockServer, type RpcResponse } from '../test-support.ts';
import { CONFIGURE_SERVICE_SCHEMA } from './configure-service.ts';

const mock = useMockServer();
const { rpc, callTool } = mock;

const statePayload = (res: RpcResponse) =>
  JSON.parse(Buffer.from(res.body.result!.requestState!.split('.')[1]!, 'base64url').toString()).p as Record<
    string,
    unknown
  >;

const SAMPLED = {
  role: 'assistant',
  content: { type: 'text', text: 'Day 1: tram 28.' },
  model: 'test-model',
  stopReason: 'endTurn',
};
const ROOTS = { roots: [{ uri: 'file:///home/me/trips', name: 'Trips' }, { uri: 'file:///tmp' }] };

describe('configure_service', () => {
  const valid = {
    service_name: 'orders-api',
    owner_email: 'ops@example.com',
    docs_url: 'https://example.com/docs',
    launch_date: '2026-07-28',
    cutover_at: '2026-07-28T09:30:00Z',
    replicas: 3,
    cpu_limit: 1.5,
    public: false,
    tier: 'pro',
    environment: 'staging',
    log_level: 'info',
    regions: ['eu-west-1'],
    features: ['metrics', 'backups'],
  };

  it('sends one form holding every restricted-schema kind', async () => {
    const res = await callTool('configure_service');
    const params = res.body.result?.inputRequests?.config?.params as {
      requestedSchema: typeof CONFIGURE_SERVICE_SCHEMA;
    };
    const props = params.requestedSchema.properties as Record<string, Record<string, unknown>>;
    const formats = Object.values(props)
      .map((p) => p.format)
      .filter(Boolean);
    expect(formats.sort()).toEqual(['date', 'date-time', 'email', 'uri']);
    expect(props.service_name).toMatchObject({ minLength: 3, maxLength: 32, default: 'orders-api' });
    expect(props.replicas).toMatchObject({ type: 'integer', minimum: 1, maximum: 10 });
    expect(props.cpu_limit).toMatchObject({ type: 'number', minimum: 0.25, maximum: 8 });
    expect(props.public).toMatchObject({ type: 'boolean', default: false });
    expect(props.tier?.enum).toEqual(['free', 'pro', 'enterprise']);
    expect(props.environment?.oneOf).toEqual(expect.arrayContaining([{ const: 'prod', title: 'Production' }]));
    expect(props.log_level).toMatchObject({ enum: ['debug', 'info', 'warn'], enumNames: expect.any(Array) });
    expect(props.regions).toMatchObject({
      type: 'array',
      minItems: 1,
      maxItems: 2,
      items: { enum: expect.any(Array) },
    });
    expect(props.features).toMatchObject({ type: 'array', maxItems: 3, items: { anyOf: expect.any(Array) } });
    expect(params.requestedSchema.required).toEqual(['service_name', 'owner_email', 'tier', 'environment', 'regions']);
  });

  it('echoes the accepted content as pretty JSON when it is valid', async () => {
    const first = await callTool('configure_service');
    const res = await callTool(
      'configure_service',
      {},
      { requestState: first.body.result!.requestState!, inputResponses: { config: accept(valid) } },
    );
    expect(resultText(res)).toBe(`Service configured with:\n${JSON.stringify(valid, null, 2)}`);
  });

  it('asks again listing the problems when the content is invalid', async () => {
    const first = await callTool('configure_service');
    const res = await callTool(
      'configure_service',
      {},
      {
        requestState: first.body.result!.requestState!,
        inputResponses: { config: accept({ ...valid, owner_email: 'nope', regions: [] }) },
      },
    );
    expect(res.body.result?.resultType).toBe('input_required');
    const message = String(res.body.result?.inputRequests?.config?.params?.message);
    expect(message).toContain('owner_email');
    expect(message).toContain('regions');
  });
});

describe('rolling_upgrade', () => {
  it('asks three different questions over three rounds with a new state each round, then summarises', async () => {
    const r1 = await callTool('rolling_upgrade', { cluster: 'prod-eu' });
    expect(Object.keys(r1.body.result!.inputRequests!)).toEqual(['target_version']);
    const r2 = await callTool(
      'rolling_upgrade',
      { cluster: 'prod-eu' },
      {
        requestState: r1.body.result!.requestState!,
        inputResponses: { target_version: accept({ version: '1.30.2' }) },
      },
    );
    expect(Object.keys(r2.body.result!.inputRequests!)).toEqual(['maintenance_window']);
    expect(r2.body.result!.requestState).not.toBe(r1.body.result!.requestState);
    expect(statePayload(r2)).toEqual({ round: 2, version: '1.30.2' });
    const r3 = await callTool(
      'rolling_upgrade',
      { cluster: 'prod-eu' },
      {
        requestState: r2.body.result!.requestState!,
        inputResponses: { maintenance_window: accept({ window_start: '2026-08-01T02:00:00Z' }) },
      },
    );
    expect(Object.keys(r3.body.result!.inputRequests!)).toEqual(['confirm']);
    expect(statePayload(r3)).toEqual({ round: 3, version: '1.30.2', window: '2026-08-01T02:00:00Z' });
    const done = await callTool(
      'rolling_upgrade',
      { cluster: 'prod-eu' },
      { requestState: r3.body.result!.requestState!, inputResponses: { confirm: accept({ confirm: true }) } },
    );
    expect(resultText(done)).toBe(
      'Rolling upgrade of prod-eu scheduled: version 1.30.2, maintenance window starting 2026-08-01T02:00:00Z, confirmed: yes.',
    );
  });

  it('repeats only the current question when its answer is missing', async () => {
    const r1 = await callTool('rolling_upgrade', { cluster: 'c' });
    const r2 = await callTool(
      'rolling_upgrade',
      { cluster: 'c' },
      {
        requestState: r1.body.result!.requestState!,
        inputResponses: { target_version: accept({ version: '1.31.0' }) },
      },
    );
    const again = await callTool(
      'rolling_upgrade',
      { cluster: 'c' },
      { requestState: r2.body.result!.requestState!, inputResponses: {} },
    );
    expect(Object.keys(again.body.result!.inputRequests!)).toEqual(['maintenance_window']);
  });

  it('aborts with an isError result when a round is declined', async () => {
    const r1 = await callTool('rolling_upgrade', { cluster: 'c' });
    const res = await callTool(
      'rolling_upgrade',
      { cluster: 'c' },
      { requestState: r1.body.result!.requestState!, inputResponses: { target_version: decline() } },
    );
    expect(res.body.result?.isError).toBe(true);
    expect(resultText(res)).toContain('round 1');
  });
});

describe('plan_trip', () => {
  it('asks for a form, a sampling request and roots in one round', async () => {
    const res = await callTool('plan_trip', { destination: 'Lisbon' });
    const requests = res.body.result!.inputRequests!;
    expect(Object.keys(requests).sort()).toEqual(['preferences', 'summary', 'workspace']);
    expect(requests.preferences?.method).toBe('elicitation/create');
    expect(requests.summary).toMatchObject({
      method: 'sampling/createMessage',
      params: { systemPrompt: expect.any(String), maxTokens: 400, modelPreferences: { hints: expect.any(Array) } },
    });
    expect(requests.workspace?.method).toBe('roots/list');
  });

  it('re-asks only the missing answers, then completes using all three', async () => {
    const r1 = await callTool('plan_trip', { destination: 'Lisbon' });
    const r2 = await callTool(
      'plan_trip',
      { destination: 'Lisbon' },
      {
        requestState: r1.body.result!.requestState!,
        inputResponses: { preferences: accept({ budget: 900, style: 'cultural' }), workspace: ROOTS },
      },
    );
    expect(Object.keys(r2.body.result!.inputRequests!)).toEqual(['summary']);
    const done = await callTool(
      'plan_trip',
      { destination: 'Lisbon' },
      { requestState: r2.body.result!.requestState!, inputResponses: { summary: SAMPLED } },
    );
    const text = resultText(done);
    expect(text).toContain('cultural style, budget 900 EUR');
    expect(text).toContain('Itinerary from test-model');
    expect(text).toContain('file:///home/me/trips (Trips)');
  });
});

describe('sampling-only, roots-only and state-only tools', () => {
  it('summarize_text asks one sampling request without state and uses the sampled text', async () => {
    const r1 = await callTool('summarize_text', { text: 'Long text.' });
    expect(r1.body.result?.requestState).toBeUndefined();
    expect(r1.body.result?.inputRequests?.summary?.method).toBe('sampling/createMessage');
    const done = await callTool('summarize_text', { text: 'Long text.' }, { inputResponses: { summary: SAMPLED } });
    expect(resultText(done)).toBe('Summary by test-model: Day 1: tram 28.');
  });

  it('list_workspace asks roots/list and lists the roots it receives', async () => {
    const r1 = await callTool('list_workspace');
    expect(r1.body.result?.inputRequests?.roots?.method).toBe('roots/list');
    const done = await callTool('list_workspace', {}, { inputResponses: { roots: ROOTS } });
    expect(resultText(done)).toBe('The client shared 2 root(s):\n- file:///home/me/trips (Trips)\n- file:///tmp');
  });

  it('slow_job answers state-only legs `steps` times, then finishes', async () => {
    let res = await callTool('slow_job', { steps: 3 });
    const states: string[] = [];
    for (let i = 0; i < 3; i++) {
      expect(res.body.result?.resultType).toBe('input_required');
      expect(res.body.result?.inputRequests).toBeUndefined();
      expect(statePayload(res)).toEqual({ polls: i + 1, steps: 3 });
      states.push(res.body.result!.requestState!);
      res = await callTool('slow_job', { steps: 3 }, { requestState: res.body.result!.requestState! });
    }
    expect(new Set(states).size).toBe(3);
    expect(resultText(res)).toBe('Job finished after 3 polls');
  });
});

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
