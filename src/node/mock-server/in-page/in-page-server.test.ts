import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accept, createRpc, FROZEN_STATE_ERROR, resultText, tamper } from '../mock-rpc.fixtures.ts';
import { demoRoutes } from './in-page-server.ts';
import { serveDemoInNode, type DemoInNode } from './serve-in-node.ts';

describe('the demo server the page runs (mounted in Node under a sub-path)', () => {
  let demo: DemoInNode;
  let rpc: ReturnType<typeof createRpc>;
  beforeAll(async () => {
    demo = await serveDemoInNode({ subPath: '/tools/inspector/' });
    rpc = createRpc(demo.mcpUrl);
  });
  afterAll(() => demo.close());

  it('serves the mock at <base>demo/mcp, with one tool naming what runs only in the Node mock', async () => {
    expect(demo.mcpUrl).toMatch(/\/tools\/inspector\/demo\/mcp$/);
    const res = await rpc.rpc('tools/list');
    expect(res.headers.get('x-mock-instance')).toBe('demo');
    const tools = (res.body.result as { tools: { name: string; description?: string }[] }).tools;
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['provision', 'approve_payment_sealed']));
    expect(tools.find((t) => t.name === 'where_is_the_rest')?.description).toMatch(/^Runs only in the Node mock/);
  });

  it('seals state with WebCrypto: the retry completes, a flipped character gets the frozen -32602', async () => {
    const first = await rpc.callTool('approve_payment_sealed', { amount: 7 });
    const state = (first.body.result as { requestState: string }).requestState;
    expect(state).toMatch(/^[A-Za-z0-9_-]+$/);
    const inputResponses = { confirm: accept({ confirm: true }) };
    const done = await rpc.callTool('approve_payment_sealed', { amount: 7 }, { inputResponses, requestState: state });
    expect(resultText(done)).toContain('Approved payment of 7 EUR');
    const refused = await rpc.callTool(
      'approve_payment_sealed',
      { amount: 7 },
      { inputResponses, requestState: tamper(state) },
    );
    expect(refused.body.error).toEqual(FROZEN_STATE_ERROR);
  });

  it("serves sign_in's consent page under its folder: approving there lets the retry sign in", async () => {
    const first = await rpc.callTool('sign_in');
    const asked = Object.values(first.body.result?.inputRequests ?? {})[0];
    const consentUrl = String(asked?.params?.url ?? '');
    expect(consentUrl).toMatch(/\/tools\/inspector\/demo\/consent\/[A-Za-z0-9_-]+$/);
    const shown = await fetch(consentUrl);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(action).toBe(`${new URL(consentUrl).pathname}/approve`);
    const approved = await fetch(new URL(action, consentUrl), { method: 'POST' });
    expect(await approved.text()).toContain('Approved. You can close this tab.');
    const state = (first.body.result as { requestState: string }).requestState;
    const done = await rpc.callTool('sign_in', {}, { inputResponses: {}, requestState: state });
    expect(resultText(done)).toMatch(/^Signed in/);
  });

  it("claims only its endpoint and consent URLs under its base, not the app's other files there", () => {
    const handles = demoRoutes('https://example.org/app/');
    expect(handles('https://example.org/app/demo/mcp')).toBe(true);
    expect(handles('https://example.org/app/demo/mcp?x=1')).toBe(true);
    expect(handles('https://example.org/app/demo/consent/abc')).toBe(true);
    expect(handles('https://example.org/app/demo/mrtr-demo-session.json')).toBe(false);
    expect(handles('https://example.org/demo/mcp')).toBe(false);
  });
});
