import { describe, expect, it } from 'vitest';
import { accept, decline, resultText, useMockServer, type RpcResponse } from '../mock-rpc.fixtures.ts';
import { CONFIGURE_SERVICE_SCHEMA } from './configure-service.ts';

const mock = useMockServer();
const { callTool } = mock;

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
