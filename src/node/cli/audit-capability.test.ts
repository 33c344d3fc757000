import { describe, expect, it } from 'vitest';
import { sendLeg } from '../../client/send-leg.ts';
import { PROTOCOL_VERSION } from '../../protocol/types.ts';
import { runAudit } from '../../session/audit/audit.ts';
import { createDriver, DEFAULT_CLIENT_INFO_CLI } from '../../session/flows/driver.ts';

type Rpc = { id: number; method: string; params: Record<string, unknown> & { _meta?: Record<string, unknown> } };

/** How the scripted server answers a call that declares no client capabilities. */
type Undeclared = 'asks anyway' | 'completes' | 'state only' | '-32021 400 with data' | '-32021 200 without data';

const ASK = {
  confirm: {
    method: 'elicitation/create',
    params: { mode: 'form', message: 'Pay?', requestedSchema: { type: 'object', properties: {} } },
  },
};

/** A one-tool MRTR server: `pay` asks `confirm` (state "s1"), then completes; `undeclared` picks the first answer. */
function scripted(undeclared: Undeclared): typeof fetch {
  return async (_url, init) => {
    const rpc = JSON.parse(String(init?.body)) as Rpc;
    const reply = (body: object, status = 200) =>
      new Response(JSON.stringify({ jsonrpc: '2.0', id: rpc.id, ...body }), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    if (rpc.method === 'server/discover') return reply({ result: { supportedVersions: [PROTOCOL_VERSION] } });
    if (rpc.method === 'tools/list')
      return reply({ result: { tools: [{ name: 'pay', inputSchema: { type: 'object', properties: {} } }] } });
    if (rpc.method.endsWith('/list')) return reply({ result: { prompts: [], resources: [], resourceTemplates: [] } });
    const declared = rpc.params._meta?.['io.modelcontextprotocol/clientCapabilities'] as object | undefined;
    if (rpc.params.requestState === undefined && declared && !Object.keys(declared).length) {
      switch (undeclared) {
        case 'asks anyway':
          break;
        case 'completes':
          return reply({ result: { content: [{ type: 'text', text: 'paid, nothing asked' }] } });
        case 'state only':
          return reply({ result: { resultType: 'input_required', requestState: 'later' } });
        case '-32021 400 with data':
          return reply(
            {
              error: {
                code: -32021,
                message: 'Missing capability',
                data: { requiredCapabilities: { elicitation: { form: {} } } },
              },
            },
            400,
          );
        case '-32021 200 without data':
          return reply({ error: { code: -32021, message: 'Missing capability' } });
      }
    }
    if (rpc.params.requestState === undefined)
      return reply({ result: { resultType: 'input_required', inputRequests: ASK, requestState: 's1' } });
    return reply({ result: { content: [{ type: 'text', text: 'paid' }] } });
  };
}

async function capability(undeclared: Undeclared) {
  const server = 'http://scripted.test/mcp';
  const fetchScripted = scripted(undeclared);
  const driver = createDriver({
    now: () => Date.now(),
    connection: { url: server, protocolVersion: PROTOCOL_VERSION, clientInfo: DEFAULT_CLIENT_INFO_CLI },
    send: (c) =>
      sendLeg({ url: c.url, headers: c.headers, body: c.body, fetch: fetchScripted, rpcId: c.rpcId, timeoutMs: 5_000 }),
  });
  const report = await runAudit({ driver, server, now: () => Date.now(), sleep: async () => {} });
  return report.scorecards[0]?.checks.find((c) => c.id === 'capability');
}

describe('the capability check (a call that declares no client capabilities)', () => {
  it('fails a server that asks anyway, naming what it asked for', async () => {
    const check = await capability('asks anyway');
    expect(check?.status).toBe('fail');
    expect(check?.evidence).toBe(
      'called with no client capabilities: asked for elicitation/create (confirm) although the request declared no capabilities',
    );
  });

  it('passes -32021 only as the transport answers it: HTTP 400 with data.requiredCapabilities', async () => {
    expect((await capability('-32021 400 with data'))?.status).toBe('pass');
    const loose = await capability('-32021 200 without data');
    expect(loose?.status).toBe('warn');
    expect(loose?.evidence).toMatch(
      /HTTP 200 where the transport answers 400 and no data\.requiredCapabilities to say which capability is missing/,
    );
  });

  it('passes a server that needs no capability: it completes, or comes back for state only, without asking', async () => {
    const done = await capability('completes');
    expect(done?.status).toBe('pass');
    expect(done?.evidence).toMatch(/completed: paid, nothing asked without asking for any input/);
    expect((await capability('state only'))?.status).toBe('pass');
  });
});
