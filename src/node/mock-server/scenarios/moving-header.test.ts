/**
 * tenant_report / deploy_tenant_report: a tool whose x-mcp-header moves after a client listed it (2026-07-28
 * basic/transports/streamable-http, custom headers, "Client Behavior" and "Server Validation": 400 / -32020).
 */
import { describe, expect, it } from 'vitest';
import { resultText, useMockServer } from '../mock-rpc.fixtures.ts';

const mock = useMockServer();
const { rpc, callTool } = mock;

async function declaredHeader(): Promise<string> {
  const list = await rpc('tools/list');
  const tools = (list.body.result?.tools ?? []) as {
    name: string;
    inputSchema: { properties: Record<string, Record<string, unknown>> };
  }[];
  const tool = tools.find((t) => t.name === 'tenant_report');
  return String(tool?.inputSchema.properties.tenant?.['x-mcp-header']);
}

describe('tenant_report (moving x-mcp-header)', () => {
  it('refuses a call made with the old listing with 400 / -32020 naming the new header, and serves it after a fresh tools/list', async () => {
    const before = await declaredHeader();
    const ok = await callTool(
      'tenant_report',
      { tenant: 'acme' },
      {},
      { headers: { [`Mcp-Param-${before}`]: 'acme' } },
    );
    expect(resultText(ok)).toBe(`Report for tenant acme. Declared header Mcp-Param-${before}: acme.`);

    const deployed = await callTool('deploy_tenant_report');
    const after = await declaredHeader();
    expect(after).not.toBe(before);
    expect(resultText(deployed)).toContain(`now mirrors tenant into Mcp-Param-${after}`);

    // several requests, so pooled instances other than the one that ran the deploy serve it too
    for (let i = 0; i < 3; i++) {
      const stale = await callTool(
        'tenant_report',
        { tenant: 'acme' },
        {},
        { headers: { [`Mcp-Param-${before}`]: 'acme' } },
      );
      expect(stale.status).toBe(400);
      expect(stale.body.error?.code).toBe(-32020);
      expect(JSON.stringify(stale.body.error?.data)).toContain(`Mcp-Param-${after}`);
    }
    const fresh = await callTool(
      'tenant_report',
      { tenant: 'acme' },
      {},
      { headers: { [`Mcp-Param-${after}`]: 'acme' } },
    );
    expect(resultText(fresh)).toBe(`Report for tenant acme. Declared header Mcp-Param-${after}: acme.`);

    await callTool('deploy_tenant_report');
    expect(await declaredHeader()).toBe(before);
  });
});
