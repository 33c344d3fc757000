import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../client/send-leg.ts';
import type { TransportMode } from './connection-slice.ts';
import { createInspectorStore } from './inspector-store.ts';

type Rpc = { id: number; method: string; params: { requestState?: string; name?: string } };

/** A tiny unprotected MRTR server: `pay` asks `confirm`, then completes with whatever state comes back. */
function fakeServer(opts: { stallCalls?: boolean } = {}): { fetch: FetchLike; methods: string[] } {
  const methods: string[] = [];
  const fetch: FetchLike = async (_url, init) => {
    const rpc = JSON.parse(String(init.body)) as Rpc;
    methods.push(rpc.method);
    const reply = (result: unknown) =>
      new Response(JSON.stringify({ jsonrpc: '2.0', id: rpc.id, result }), {
        headers: { 'content-type': 'application/json' },
      });
    if (rpc.method === 'tools/list')
      return reply({ tools: [{ name: 'pay', inputSchema: { type: 'object', properties: {} } }] });
    if (rpc.method.endsWith('/list')) return reply({ prompts: [], resources: [], resourceTemplates: [] });
    if (opts.stallCalls) {
      // never answers: only the audit's cancel (the leg's abort signal) ends it
      return new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    }
    if (rpc.params.requestState === undefined) {
      return reply({
        resultType: 'input_required',
        inputRequests: {
          confirm: {
            method: 'elicitation/create',
            params: { mode: 'form', message: 'Pay?', requestedSchema: { type: 'object', properties: {} } },
          },
        },
        requestState: 'plain-state',
      });
    }
    return reply({ content: [{ type: 'text', text: `paid with ${rpc.params.requestState}` }] });
  };
  return { fetch, methods };
}

function storeWith(fetch: FetchLike, modes: TransportMode[] = []) {
  return createInspectorStore(
    {
      fetchFor: (mode) => {
        modes.push(mode);
        return fetch;
      },
      now: () => Date.now(),
      timeoutMs: 5_000,
    },
    { connectedUrl: 'http://fake/mcp', transportMode: 'relay' },
  );
}

describe('audit slice', () => {
  it('runs the shared audit flow through the app send path and keeps the scorecard when the server answers', async () => {
    const server = fakeServer();
    const modes: TransportMode[] = [];
    const store = storeWith(server.fetch, modes);
    const seen: string[] = [];
    store.subscribe((s) => {
      if (s.audit?.target && !seen.includes(s.audit.step)) seen.push(s.audit.step);
    });
    await store.getState().startAudit({ only: ['pay'] });
    const run = store.getState().audit!;
    expect(run.status).toBe('done');
    expect(seen).toContain('Auditing tools/call pay (1 of 1)');
    expect(run.target?.checks).toHaveLength(16);
    const card = run.report!.scorecards[0]!;
    expect(card.name).toBe('pay');
    expect(card.checks.find((c) => c.id === 'tamper')?.status).toBe('fail');
    // every leg went out the way the app's legs go: the connection's transport (here the relay)
    expect(new Set(modes)).toEqual(new Set(['relay']));
    expect(server.methods.filter((m) => m === 'tools/call').length).toBeGreaterThan(10);
    // the audit's legs never enter the session
    expect(store.getState().session.order).toEqual([]);
  });

  it('stops with the scorecards so far when the user cancels mid-leg', async () => {
    const store = storeWith(fakeServer({ stallCalls: true }).fetch);
    const running = store.getState().startAudit({});
    await new Promise<void>((resolve) => {
      const off = store.subscribe((s) => {
        if (s.audit?.target) {
          off();
          resolve();
        }
      });
    });
    store.getState().cancelAudit();
    await running;
    expect(store.getState().audit).toMatchObject({ status: 'cancelled', step: 'Cancelled' });
    expect(store.getState().audit!.report).toMatchObject({ cancelled: true, scorecards: [] });
  });

  it('does nothing when no server is connected', async () => {
    const store = createInspectorStore({ fetchFor: () => fakeServer().fetch, now: () => Date.now() });
    await store.getState().startAudit({});
    expect(store.getState().audit).toBeNull();
  });
  it("sends round 1's state as the second identity the user pasted, keeping the connection's own token elsewhere", async () => {
    const auth: string[] = [];
    const server = fakeServer();
    const fetch: FetchLike = (url, init) => {
      const rpc = JSON.parse(String(init.body)) as Rpc;
      const header = new Headers(init.headers).get('authorization') ?? '';
      if (rpc.method === 'tools/call') auth.push(header);
      return server.fetch(url, init);
    };
    const store = createInspectorStore(
      { fetchFor: () => fetch, now: () => Date.now(), timeoutMs: 5_000 },
      {
        connectedUrl: 'http://fake/mcp',
        transportMode: 'direct',
        bearerToken: 'alice',
        bearerTokenFor: 'http://fake/mcp',
      },
    );
    await store.getState().startAudit({ only: ['pay'], secondToken: 'bob', unusable: { expiry: 'bad wait' } });
    const card = store.getState().audit!.report!.scorecards[0]!;
    // the fake server takes any state from anyone: the principal check fails, and says why
    expect(card.checks.find((c) => c.id === 'principal')).toMatchObject({ status: 'fail' });
    expect(card.checks.find((c) => c.id === 'expiry')).toMatchObject({
      status: 'skip',
      evidence: 'not checked: bad wait',
    });
    expect(new Set(auth)).toEqual(new Set(['Bearer alice', 'Bearer bob']));
    expect(auth.filter((a) => a === 'Bearer bob')).toHaveLength(2); // the control call and the replay
  });

  it('finishes with the 2025-11-25 era and why nothing is scored when the connection speaks that era, sending nothing', async () => {
    const server = fakeServer();
    const store = createInspectorStore(
      {
        fetchFor: () => server.fetch,
        now: () => Date.now(),
        timeoutMs: 5_000,
        eras: { legacyFor: (url: string) => (url === 'http://fake/mcp' ? ({} as never) : undefined) } as never,
      },
      { connectedUrl: 'http://fake/mcp', transportMode: 'direct' },
    );
    await store.getState().startAudit({});
    const run = store.getState().audit;
    expect(run?.status).toBe('done');
    expect(run?.report?.era).toEqual({ version: '2025-11-25', reason: 'found on Connect' });
    expect(run?.report?.scorecards).toEqual([]);
    expect(server.methods).toEqual([]);
  });
});
