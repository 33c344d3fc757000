/**
 * The tap between a real host and a real server, as processes: the TypeScript SDK's stdio client launches
 * `mrtr-inspector tap -- <the stdio demo server>` and runs an MRTR call through it, with and without an inspector.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { everythingEntry } from '../test-servers/everything-server.fixtures.ts';
import { closedPortUrl } from '../test-servers/listen.fixtures.ts';
import type { ProxyEvent } from '../../protocol/proxy-wire.ts';
import {
  DEMO_SERVER,
  startStdioHost,
  startTestInspector,
  tapCommand,
  type StdioHost,
  type TestInspector,
} from './tap.fixtures.ts';

let hosts: StdioHost[] = [];
let inspectors: TestInspector[] = [];
afterEach(async () => {
  await Promise.allSettled(hosts.map((h) => h.close()));
  await Promise.allSettled(inspectors.map((i) => i.close()));
  hosts = [];
  inspectors = [];
});

type RequestEvent = Extract<ProxyEvent, { type: 'request' }>;

const CALL = { name: 'confirm_delete', arguments: { path: '/tmp/report.txt' } };

function text(result: unknown): string {
  return ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('');
}

describe('mrtr-inspector tap', () => {
  it('carries a whole MRTR call unchanged with no inspector running, and says once that nothing is watched', async () => {
    const nowhere = await closedPortUrl();
    const host = await startStdioHost(tapCommand(DEMO_SERVER, ['--inspector', new URL(nowhere).origin]), process.env);
    hosts.push(host);
    expect(text(await host.client.callTool(CALL))).toBe('Deleted /tmp/report.txt (dry run)');
    expect(text(await host.client.callTool(CALL))).toBe('Deleted /tmp/report.txt (dry run)');
    // the server's own log reaches the host as before, the tap's one notice beside it
    expect(host.stderr()).toContain('[stdio-demo] tools/call confirm_delete');
    expect(host.stderr().match(/nothing is being watched/g)).toHaveLength(1);
  }, 30_000);

  it("reports each message as the proxy's exchanges, the host's name, and the server's stderr lines", async () => {
    const inspector = await startTestInspector();
    inspectors.push(inspector);
    const host = await startStdioHost(
      tapCommand(DEMO_SERVER, ['--inspector', inspector.url, '--name', 'demo']),
      inspector.env,
    );
    hosts.push(host);
    expect(text(await host.client.callTool(CALL))).toBe('Deleted /tmp/report.txt (dry run)');
    await inspector.next((e) => e.type === 'log' && e.line.includes('tools/call confirm_delete'));
    // reports go out a moment after the traffic: the retry's answer is the last to come
    const retried = await inspector.next(
      (e) => e.type === 'request' && e.body.includes('"tools/call"') && e.body.includes('requestState'),
    );
    await inspector.next((e) => e.type === 'response-end' && 'id' in retried && e.id === retried.id);
    const tap = inspector.hub.list().find((p) => p.tap)!;
    expect(tap.tap).toMatchObject({ name: 'demo', host: 'tap-journey-host 1.0.0' });
    expect(tap.tap!.command.at(-1)).toMatch(/demo-server\.ts$/);
    const requests = inspector.events.filter(
      (e): e is Extract<ProxyEvent, { type: 'request' }> => e.type === 'request',
    );
    const calls = requests.filter((r) => r.body.includes('"tools/call"'));
    // round 1, then the retry with the answer and the state round 1 returned
    expect(calls).toHaveLength(2);
    expect(JSON.parse(calls[1]!.body).params.requestState).toEqual(expect.any(String));
    for (const call of calls) {
      const end = await inspector.next((e) => e.type === 'response-end' && e.id === call.id);
      expect(end).not.toHaveProperty('failure');
    }
  }, 30_000);

  it('holds the retry until Forward, sends an edited requestState on, and answers a dropped request with the inspector error', async () => {
    const inspector = await startTestInspector();
    inspectors.push(inspector);
    const host = await startStdioHost(tapCommand(DEMO_SERVER, ['--inspector', inspector.url]), inspector.env);
    hosts.push(host);
    // the SDK probes with server/discover on a process of its own, then launches the one it keeps: the tap that
    // carries its next request
    await host.client.listTools();
    const listed = await inspector.next((e) => e.type === 'request' && e.body.includes('"tools/list"'));
    const id = (listed as Extract<ProxyEvent, { type: 'request' }>).proxyId;
    inspector.hub.setHolds(id, { requests: true });
    // the tap learns the setting over its channel: the next request waits
    await new Promise((resolve) => setTimeout(resolve, 100));
    const call = host.client.callTool(CALL);
    const first = (await inspector.next((e) => e.type === 'held')) as Extract<ProxyEvent, { type: 'held' }>;
    expect(JSON.parse(first.body).params.requestState).toBeUndefined();
    inspector.hub.decide(first.id, { kind: 'forward' });
    const retry = (await inspector.next(
      (e) => e.type === 'held' && e.id !== first.id && e.body.includes('requestState'),
    )) as Extract<ProxyEvent, { type: 'held' }>;
    const body = JSON.parse(retry.body) as { params: { requestState: string } };
    const state = body.params.requestState;
    body.params.requestState = (state[0] === 'A' ? 'B' : 'A') + state.slice(1);
    inspector.hub.decide(retry.id, { kind: 'forward', body: JSON.stringify(body, null, 2) });
    await expect(call).rejects.toMatchObject({ code: -32602 });

    const dropped = host.client.callTool(CALL);
    const held = (await inspector.next((e) => e.type === 'held' && e.id !== first.id && e.id !== retry.id)) as Extract<
      ProxyEvent,
      { type: 'held' }
    >;
    inspector.hub.decide(held.id, { kind: 'drop' });
    await expect(dropped).rejects.toMatchObject({ message: expect.stringContaining('Dropped by the MRTR Inspector') });
  }, 30_000);

  it('carries a 2025-11-25 server pushing an elicitation to the host: the request rides the call, the answer follows', async () => {
    const entry = everythingEntry();
    expect(entry, 'npm install brings @modelcontextprotocol/server-everything').toBeDefined();
    const inspector = await startTestInspector();
    inspectors.push(inspector);
    const host = await startStdioHost(
      tapCommand([process.execPath, entry!, 'stdio'], ['--inspector', inspector.url]),
      inspector.env,
      'legacy',
    );
    hosts.push(host);
    const result = await host.client.callTool({ name: 'trigger-elicitation-request', arguments: {} });
    expect(JSON.stringify(result)).toContain('accept');
    const call = (await inspector.next(
      (e) => e.type === 'request' && e.body.includes('"trigger-elicitation-request"'),
    )) as RequestEvent;
    // reports go out a moment after the traffic: the call's end is the last of them
    expect(await inspector.next((e) => e.type === 'response-end' && e.id === call.id)).not.toHaveProperty('failure');
    const requests = inspector.events.filter((e): e is RequestEvent => e.type === 'request');
    expect(requests.some((r) => r.body.includes('"initialize"'))).toBe(true);
    // the server's request is an SSE event on the call's answer, as a 2025-11-25 server sends it over HTTP
    const pushed = inspector.events.find(
      (e) => e.type === 'response-chunk' && e.id === call.id && e.text.includes('"elicitation/create"'),
    ) as Extract<ProxyEvent, { type: 'response-chunk' }>;
    expect(pushed.text).toMatch(/^event: message\ndata: \{/);
    const pushedId = (JSON.parse(pushed.text.slice(pushed.text.indexOf('{'))) as { id: number | string }).id;
    // the host's answer is a POST of its own, answered 202, under the pushed request's id
    const answer = requests.find(
      (r) => !r.body.includes('"method"') && (JSON.parse(r.body) as { id?: unknown }).id === pushedId,
    )!;
    expect(JSON.parse(answer.body)).toMatchObject({ id: pushedId, result: { action: 'accept' } });
    expect(inspector.events.find((e) => e.type === 'response-head' && e.id === answer.id)).toMatchObject({
      status: 202,
    });
    expect(inspector.hub.list().find((p) => p.tap)?.tap?.host).toBe('tap-journey-host 1.0.0');
  }, 30_000);
});
