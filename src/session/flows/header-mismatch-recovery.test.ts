import { describe, expect, it, vi } from 'vitest';
import type { ToolDescriptor } from '../../protocol/types.ts';
import { recoveryMessage, refreshSchemaAndResend, type HeaderRecoveryDeps } from './header-mismatch-recovery.ts';

// 2026-07-28 basic/transports/streamable-http, custom headers "Client Behavior": on a -32020 about Mcp-Param-*
// headers the client SHOULD call tools/list, then retry the original request with the appropriate headers
const schema = (header: string) => ({
  type: 'object',
  properties: { tenant: { type: 'string', 'x-mcp-header': header } },
});

function deps(tools: ToolDescriptor[] | Error) {
  const d = {
    listTools: vi.fn(() => (tools instanceof Error ? Promise.reject(tools) : Promise.resolve(tools))),
    dispatch: vi.fn(),
    fork: vi.fn(() => 'branch-1'),
    send: vi.fn(() => Promise.resolve()),
  } satisfies HeaderRecoveryDeps;
  return d;
}

const input = { legId: 'leg-1', tool: 'tenant_report', inputSchema: schema('Tenant') };

describe('refreshSchemaAndResend (-32020 recovery)', () => {
  it('lists once, forks the refused leg with the new schema and sends it exactly once when the declaration moved', async () => {
    const d = deps([{ name: 'tenant_report', inputSchema: schema('Tenant-Id') }]);
    const outcome = await refreshSchemaAndResend(input, d);
    expect(outcome).toEqual({
      kind: 'resent',
      branchId: 'branch-1',
      changes: ['tenant moved from Mcp-Param-Tenant to Mcp-Param-Tenant-Id'],
    });
    expect(d.listTools).toHaveBeenCalledTimes(1);
    expect(d.fork).toHaveBeenCalledWith('leg-1');
    expect(d.dispatch).toHaveBeenCalledWith({
      type: 'conversation/schema-refreshed',
      conversationId: 'branch-1',
      inputSchema: schema('Tenant-Id'),
    });
    expect(d.send).toHaveBeenCalledTimes(1);
    expect(recoveryMessage('tenant_report', outcome)).toMatch(/^tools\/list: tenant moved .* Resent once/);
  });

  it('sends nothing when tools/list shows the same declarations (a resend would carry the same headers)', async () => {
    const d = deps([{ name: 'tenant_report', inputSchema: schema('Tenant') }]);
    expect(await refreshSchemaAndResend(input, d)).toEqual({ kind: 'unchanged' });
    expect(d.fork).not.toHaveBeenCalled();
    expect(d.send).not.toHaveBeenCalled();
  });

  it('sends nothing when the tool is gone, now invalid, or tools/list fails', async () => {
    const gone = deps([]);
    expect(await refreshSchemaAndResend(input, gone)).toEqual({ kind: 'gone' });
    const invalid = deps([
      {
        name: 'tenant_report',
        inputSchema: { type: 'object', properties: { n: { type: 'number', 'x-mcp-header': 'N' } } },
      },
    ]);
    expect((await refreshSchemaAndResend(input, invalid)).kind).toBe('invalid');
    const failed = deps(new Error('HTTP 503'));
    expect(await refreshSchemaAndResend(input, failed)).toEqual({ kind: 'list-failed', message: 'HTTP 503' });
    for (const d of [gone, invalid, failed]) expect(d.send).not.toHaveBeenCalled();
  });
});
