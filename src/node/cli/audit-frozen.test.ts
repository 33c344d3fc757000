import { describe, expect, it } from 'vitest';
import { sendLeg } from '../../client/send-leg.ts';
import { PROTOCOL_VERSION } from '../../protocol/types.ts';
import { runAudit } from '../../session/audit/audit.ts';
import { createDriver, DEFAULT_CLIENT_INFO_CLI } from '../../session/flows/driver.ts';

type Rpc = {
  id: number;
  method: string;
  params: { requestState?: string; inputResponses?: Record<string, { action?: string }> };
};

/**
 * `pay` asks `confirm`. A state it never minted gets the one frozen -32602; a retry that lacks the answer or
 * declines it gets a -32602 of its own, about the answer and not the state.
 */
function server(opts: { rounds?: number; endsInError?: boolean } = {}): typeof fetch {
  const rounds = opts.rounds ?? 1;
  const minted = new Set<string>();
  return async (_url, init) => {
    const rpc = JSON.parse(String(init?.body)) as Rpc;
    const reply = (body: object) =>
      new Response(JSON.stringify({ jsonrpc: '2.0', id: rpc.id, ...body }), {
        headers: { 'content-type': 'application/json' },
      });
    const error = (message: string) => reply({ error: { code: -32602, message } });
    if (rpc.method === 'tools/list')
      return reply({ result: { tools: [{ name: 'pay', inputSchema: { type: 'object', properties: {} } }] } });
    if (rpc.method !== 'tools/call') return reply({ result: { prompts: [], resources: [], resourceTemplates: [] } });
    const state = rpc.params.requestState;
    // the round this call is in: 1 without a state, else one more than the state's
    const round = state === undefined ? 1 : Number(/^state-\d+-r(\d+)/.exec(state)?.[1] ?? 0) + 1;
    if (state === undefined || (minted.has(state) && round <= rounds && rpc.params.inputResponses?.confirm)) {
      const next = `state-${minted.size + 1}-r${round}-${'x'.repeat(40)}`;
      minted.add(next);
      return reply({
        result: {
          resultType: 'input_required',
          inputRequests: {
            confirm: { method: 'elicitation/create', params: { mode: 'form', message: 'Pay?', requestedSchema: {} } },
          },
          requestState: next,
        },
      });
    }
    if (!minted.has(state)) return error('Invalid or expired requestState');
    const answer = rpc.params.inputResponses?.confirm;
    if (!answer) return error('Missing answer: confirm');
    if (answer.action !== 'accept') return error(`The payment was ${answer.action}d`);
    if (opts.endsInError)
      return reply({ result: { isError: true, content: [{ type: 'text', text: 'card declined' }] } });
    return reply({ result: { content: [{ type: 'text', text: 'paid' }] } });
  };
}

function audit(fetchServer: typeof fetch) {
  const url = 'http://scripted.test/mcp';
  const driver = createDriver({
    now: () => Date.now(),
    connection: { url, protocolVersion: PROTOCOL_VERSION, clientInfo: DEFAULT_CLIENT_INFO_CLI },
    send: (c) =>
      sendLeg({ url: c.url, headers: c.headers, body: c.body, fetch: fetchServer, rpcId: c.rpcId, timeoutMs: 5_000 }),
  });
  return runAudit({ driver, server: url, now: () => Date.now(), sleep: async () => {} }).then((r) => r.scorecards[0]);
}

describe('the frozen-error check compares only answers to bad state', () => {
  it('passes a server whose own errors about a missing or declined answer differ from its one bad-state error', async () => {
    const card = await audit(server());
    const check = (id: string) => card?.checks.find((c) => c.id === id);
    expect(check('missing')?.evidence).toMatch(/-32602 Missing answer: confirm/);
    expect(check('frozen')?.status).toBe('pass');
    expect(check('frozen')?.evidence).toMatch(
      /^1 distinct answer\(s\) to \d+ bad states:\n\d+× .*-32602 Invalid or expired requestState$/,
    );
  });
});

describe('the baseline and the reuse check', () => {
  it('finishes a flow of 10 rounds, as the SDK clients do (request + 10 retries)', async () => {
    const baseline = (await audit(server({ rounds: 10 })))?.checks.find((c) => c.id === 'baseline');
    expect(baseline?.status).toBe('pass');
    expect(baseline?.evidence).toMatch(/^completed after 11 legs/);
  });

  it('says nothing about reuse when the flow ended with a tool error', async () => {
    const reuse = (await audit(server({ endsInError: true })))?.checks.find((c) => c.id === 'reuse');
    expect(reuse?.status).toBe('skip');
    expect(reuse?.evidence).toBe(
      'the flow ended with tool error: card declined: a call that did nothing shows nothing about reuse',
    );
  });
});
