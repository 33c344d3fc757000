/**
 * A tool whose `x-mcp-header` changes after a client listed it, for the -32020 recovery (2026-07-28
 * basic/transports/streamable-http, custom headers, "Client Behavior": on a HeaderMismatch the client SHOULD call
 * `tools/list` to check for changes to the tool's inputSchema, then retry with the appropriate headers).
 * - `tenant_report`: its `tenant` argument is mirrored into `Mcp-Param-Tenant` (or, after a deploy, `Mcp-Param-Tenant-Id`).
 * - `deploy_tenant_report`: "deploys a new version" of `tenant_report` that moves the header to the other name,
 *   without a list-changed notification (the point: the client's listing is now stale). A client that calls
 *   `tenant_report` with the old listing gets the SDK's own 400 / -32020 (the new header is absent); after a fresh
 *   `tools/list` the call goes through.
 *
 * The declared name is the one piece of process state of this endpoint besides the consent flows (shared by every
 * pooled instance): each instance brings its registration up to date when it is leased (`prepare`), before the SDK
 * checks the request's headers against it.
 */
import { fromJsonSchema, type JsonSchemaType, type McpServer, type RegisteredTool } from '@modelcontextprotocol/server';
import { decodeHeaderValue } from './header-tools.ts';
import { textResult, type ScenarioContext } from './context.ts';

type TenantHeader = 'Tenant' | 'Tenant-Id';

/** Which header `tenant_report` declares now; one per endpoint, flipped by `deploy_tenant_report`. */
export interface TenantHeaderSwitch {
  current: TenantHeader;
}

function tenantReportSchema(header: TenantHeader): JsonSchemaType {
  return {
    type: 'object',
    properties: {
      tenant: {
        type: 'string',
        title: 'Tenant',
        description: `Mirrored into the Mcp-Param-${header} request header`,
        'x-mcp-header': header,
        default: 'acme',
      },
    },
    required: ['tenant'],
  } as unknown as JsonSchemaType;
}

const registered = new WeakMap<McpServer, { tool: RegisteredTool; header: TenantHeader }>();

export function register(server: McpServer, ctx: ScenarioContext): void {
  const header = ctx.tenantHeader.current;
  const tool = server.registerTool(
    'tenant_report',
    {
      title: 'Tenant report (its x-mcp-header moves on deploy)',
      description:
        'The tenant argument is mirrored into an Mcp-Param header whose name changes when deploy_tenant_report runs.',
      inputSchema: fromJsonSchema<{ tenant: string }>(tenantReportSchema(header)),
    },
    async (args, sctx) => {
      const name = `Mcp-Param-${ctx.tenantHeader.current}`;
      const raw = ctx.requestHeaders(sctx).get(name);
      const received = raw === null ? 'absent' : decodeHeaderValue(raw);
      return textResult(`Report for tenant ${args.tenant}. Declared header ${name}: ${received}.`);
    },
  );
  registered.set(server, { tool, header });

  server.registerTool(
    'deploy_tenant_report',
    {
      title: 'Deploy a new tenant_report (moves its header)',
      description:
        'Moves tenant_report’s x-mcp-header between Tenant and Tenant-Id, without telling clients (no list-changed). ' +
        'A call of tenant_report with the old listing is then refused with 400 / -32020.',
    },
    async () => {
      const before = ctx.tenantHeader.current;
      const after: TenantHeader = before === 'Tenant' ? 'Tenant-Id' : 'Tenant';
      ctx.tenantHeader.current = after;
      return textResult(
        `Deployed: tenant_report now mirrors tenant into Mcp-Param-${after} (was Mcp-Param-${before}). Clients were not told.`,
      );
    },
  );
}

/** Brings a pooled instance's `tenant_report` to the declared header of now (called when the instance is leased). */
export function prepare(server: McpServer, ctx: ScenarioContext): void {
  const entry = registered.get(server);
  if (!entry || entry.header === ctx.tenantHeader.current) return;
  entry.header = ctx.tenantHeader.current;
  entry.tool.update({ paramsSchema: fromJsonSchema<{ tenant: string }>(tenantReportSchema(entry.header)) });
}
