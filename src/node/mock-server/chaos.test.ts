import { describe, expect, it } from 'vitest';
import { CHAOS_TOOLS } from './chaos.ts';
import { chaosPendingSlowResponses, hugeResultText, whenPendingSlowResponses } from './chaos/slow-huge-cases.ts';
import {
  mcpHeaders,
  parseSse,
  PROTOCOL_VERSION,
  requestMeta,
  useMockServer,
  type RpcOptions,
} from './mock-rpc.fixtures.ts';

const mock = useMockServer({ path: '/chaos', defaults: { capabilities: {} } });
const { post } = mock;

async function rpcJson(
  method: string,
  params: Record<string, unknown> = {},
  opts: RpcOptions = {},
): Promise<{ status: number; body: Record<string, any>; res: Response }> {
  const res = await post(method, params, opts);
  expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  return { status: res.status, body: (await res.json()) as Record<string, any>, res };
}

const call = (name: string, extra: Record<string, unknown> = {}, opts: RpcOptions = {}) =>
  rpcJson('tools/call', { name, arguments: {}, ...extra }, opts);

describe('chaos endpoint: the parts it does right', () => {
  it('answers server/discover as mrtr-chaos, echoing a string id', async () => {
    const { status, body } = await rpcJson('server/discover', {}, { id: 'discover-1' });
    expect(status).toBe(200);
    expect(body.id).toBe('discover-1');
    expect(body.result.supportedVersions).toContain(PROTOCOL_VERSION);
    expect(body.result._meta['io.modelcontextprotocol/serverInfo'].name).toBe('mrtr-chaos');
  });

  it('lists one tool per case, each with a description', async () => {
    const { body } = await rpcJson('tools/list');
    const names = body.result.tools.map((t: { name: string }) => t.name);
    expect(names).toEqual([
      'empty_input_required',
      'unknown_input_method',
      'unknown_result_type',
      'missing_result_type',
      'malformed_json',
      'wrong_content_type',
      'html_500',
      'sse_cut',
      'never_advances',
      'slow_response',
      'huge_result',
      'invalid_schema_form',
      'undeclared_capability',
    ]);
    expect(names).toEqual(CHAOS_TOOLS.map((t) => t.name));
    for (const t of body.result.tools) {
      expect(t.description.length).toBeGreaterThan(40);
      expect(t.inputSchema.type).toBe('object');
    }
  });

  it('answers notifications with 202 and no body', async () => {
    const res = await fetch(`${mock.base}/chaos`, {
      method: 'POST',
      headers: mcpHeaders(),
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { _meta: requestMeta({}) } }),
    });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
  });

  it('answers GET and DELETE with 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${mock.base}/chaos`, { method });
      expect(res.status).toBe(405);
      await res.body?.cancel();
    }
  });

  it('applies the shared CORS policy (preflight, echoed loopback origin, foreign origin refused)', async () => {
    const origin = 'http://localhost:5173';
    const pre = await fetch(`${mock.base}/chaos`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, mcp-name',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
    expect(pre.headers.get('access-control-allow-headers')).toBe('content-type, mcp-name');

    const ok = await post('server/discover', {}, { headers: { Origin: origin } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(origin);
    await ok.body?.cancel();

    const foreign = await post('server/discover', {}, { headers: { Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    await foreign.body?.cancel();
  });

  it('rejects unknown tools, unknown methods and header mismatches like a real server', async () => {
    const unknownTool = await call('no_such_tool');
    expect(unknownTool.status).toBe(200);
    expect(unknownTool.body.error.code).toBe(-32602);

    const unknownMethod = await rpcJson('prompts/list');
    expect(unknownMethod.status).toBe(404);
    expect(unknownMethod.body.error.code).toBe(-32601);

    const mismatch = await call('huge_result', {}, { headers: { 'Mcp-Name': 'html_500' } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.code).toBe(-32020);
    expect(mismatch.body.error.data.mismatch).toEqual({ header: 'html_500', body: 'huge_result' });
  });
});

describe('chaos endpoint: the misbehaviours', () => {
  it('empty_input_required: input_required with neither inputRequests nor requestState', async () => {
    const { status, body } = await call('empty_input_required', {}, { id: 'e-1' });
    expect(status).toBe(200);
    expect(body).toEqual({ jsonrpc: '2.0', id: 'e-1', result: { resultType: 'input_required' } });
  });

  it('unknown_input_method: asks via widgets/spin, completes after any raw answer', async () => {
    const leg1 = await call('unknown_input_method');
    expect(leg1.body.result.resultType).toBe('input_required');
    expect(leg1.body.result.inputRequests.spin.method).toBe('widgets/spin');
    const state = leg1.body.result.requestState;
    expect(typeof state).toBe('string');

    const leg2 = await call('unknown_input_method', { inputResponses: { spin: { spun: true } }, requestState: state });
    expect(leg2.body.result.resultType).toBe('complete');
    expect(leg2.body.result.content[0].text).toContain('"spun":true');
  });

  it('unknown_result_type: resultType "maybe_later"', async () => {
    const { body } = await call('unknown_result_type');
    expect(body.result.resultType).toBe('maybe_later');
  });

  it('missing_result_type: normal CallToolResult without resultType', async () => {
    const { body } = await call('missing_result_type');
    expect(body.result).not.toHaveProperty('resultType');
    expect(body.result.content[0].text).toMatch(/complete/);
  });

  it('malformed_json: 200 application/json with a truncated body', async () => {
    const res = await post('tools/call', { name: 'malformed_json', arguments: {} });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await res.text();
    expect(text.startsWith('{"jsonrpc":"2.0"')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
  });

  it('wrong_content_type: 200 text/plain', async () => {
    const res = await post('tools/call', { name: 'wrong_content_type', arguments: {} });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await res.text()).length).toBeGreaterThan(0);
  });

  it('html_500: HTTP 500 with an HTML page', async () => {
    const res = await post('tools/call', { name: 'html_500', arguments: {} });
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toMatch(/^<!DOCTYPE html>/);
  });

  it('sse_cut: a progress notification, then the stream ends without a result', async () => {
    const id = 'sse-1';
    const res = await post('tools/call', { name: 'sse_cut', arguments: {} }, { id, meta: { progressToken: 'p-1' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await res.text(); // resolves only because the server closes the stream
    const messages = parseSse(text) as Record<string, any>[];
    expect(messages).toHaveLength(1);
    expect(messages[0]?.method).toBe('notifications/progress');
    expect(messages[0]?.params.progressToken).toBe('p-1');
    expect(messages.some((m) => m.id === id || 'result' in m || 'error' in m)).toBe(false);
  });

  it('never_advances: same question and same requestState on every leg', async () => {
    const leg1 = await call('never_advances');
    expect(leg1.body.result.resultType).toBe('input_required');
    const leg2 = await call('never_advances', {
      inputResponses: { confirm: { action: 'accept', content: { proceed: true } } },
      requestState: leg1.body.result.requestState,
    });
    expect(leg2.body.result).toEqual(leg1.body.result);
    expect(leg2.body.id).not.toBe(leg1.body.id);
  });

  it('slow_response: abandoned when the client aborts; the server keeps answering', async () => {
    const ctrl = new AbortController();
    const pending = post('tools/call', { name: 'slow_response', arguments: {} }, { signal: ctrl.signal });
    const started = Date.now();
    await whenPendingSlowResponses((n) => n > 0);
    expect(chaosPendingSlowResponses()).toBe(1);
    ctrl.abort();
    await expect(pending).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
    await whenPendingSlowResponses((n) => n === 0);
    expect(chaosPendingSlowResponses()).toBe(0);

    const after = await rpcJson('server/discover');
    expect(after.status).toBe(200);
    expect(after.body.result.supportedVersions).toContain(PROTOCOL_VERSION);
  });

  it('huge_result: a deterministic ~5 MB text result', async () => {
    const { body } = await call('huge_result');
    const text: string = body.result.content[0].text;
    expect(body.result.resultType).toBe('complete');
    expect(text.length).toBeGreaterThan(5_000_000);
    expect(text.length).toBeLessThan(5_500_000);
    expect(text).toMatch(/\nEND huge_result/);
    expect(text).toBe(hugeResultText());
  });

  it('invalid_schema_form: requestedSchema with a nested object and a $ref', async () => {
    const leg1 = await call('invalid_schema_form');
    const entry = leg1.body.result.inputRequests.profile;
    expect(entry.method).toBe('elicitation/create');
    const props = entry.params.requestedSchema.properties;
    expect(props.address.type).toBe('object');
    expect(props.contact.$ref).toBe('#/$defs/contact');

    const leg2 = await call('invalid_schema_form', {
      inputResponses: { profile: { action: 'decline' } },
      requestState: leg1.body.result.requestState,
    });
    expect(leg2.body.result.resultType).toBe('complete');
  });

  it('undeclared_capability: asks for sampling although the request declared none', async () => {
    const { status, body } = await call('undeclared_capability', {}, { capabilities: {} });
    expect(status).toBe(200);
    expect(body.result.resultType).toBe('input_required');
    expect(body.result.inputRequests.draft.method).toBe('sampling/createMessage');
    expect(body.result.requestState).toContain('undeclared');
  });

  it('/chaos/tools-list-input-required: tools/list answers input_required', async () => {
    const { body } = await rpcJson('tools/list', {}, { url: `${mock.base}/chaos/tools-list-input-required` });
    expect(body.result.resultType).toBe('input_required');
    expect(body.result.inputRequests.team.method).toBe('elicitation/create');
    const discover = await rpcJson('server/discover', {}, { url: `${mock.base}/chaos/tools-list-input-required` });
    expect(discover.body.result._meta['io.modelcontextprotocol/serverInfo'].name).toBe('mrtr-chaos');
  });
});
