import { existsSync } from 'node:fs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRelayFetch } from '../../client/relay-fetch.ts';
import { sendLeg } from '../../client/send-leg.ts';
import { ALL_CAPABILITIES } from '../../protocol/envelope.ts';
import { PROTOCOL_VERSION } from '../../protocol/types.ts';
import { createDriver } from '../../session/flows/driver.ts';
import { startInspectorServer, type InspectorServer } from './serve.ts';
import { stdioEndpoints } from './stdio-endpoints.ts';
import { STDIO_LOG_PATH } from '../../protocol/relay-paths.ts';

const DEMO = join(import.meta.dirname, '..', 'stdio', 'demo-server.ts');
const demoCommand = `"${process.execPath}" --import tsx "${DEMO}"`;

let running: InspectorServer[] = [];
afterEach(async () => {
  await Promise.all(running.map((r) => r.close()));
  running = [];
});

async function start(commands: string[]) {
  const dist = mkdtempSync(join(tmpdir(), 'mrtr-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  const stdio = stdioEndpoints(commands);
  const server = await startInspectorServer({
    port: 0,
    distDir: dist,
    localEndpoints: stdio.start,
    stdioLogs: stdio.logs,
  });
  running.push(server);
  return server;
}

describe('a stdio server through the relay', () => {
  it('runs an MRTR call to completion when the page speaks to the stdio endpoint through the relay', async () => {
    expect(existsSync(DEMO)).toBe(true);
    const inspector = await start([demoCommand]);
    const url = inspector.endpoints[0]!.url;
    expect(url).toBe(`${inspector.url}/__stdio/1/mcp`);
    const relayFetch = createRelayFetch({ relayBase: inspector.url, token: inspector.token });
    const driver = createDriver({
      now: () => Date.now(),
      connection: { url, protocolVersion: PROTOCOL_VERSION },
      send: (c) =>
        sendLeg({ url: c.url, headers: c.headers, body: c.body, fetch: relayFetch, rpcId: c.rpcId, viaRelay: true }),
    });
    const id = await driver.start({
      method: 'tools/call',
      title: 'confirm_delete',
      params: { name: 'confirm_delete', arguments: { path: '/tmp/report.txt' } },
      capabilities: ALL_CAPABILITIES,
    });
    const first = driver.lastLeg(id)!;
    expect(first.outcome.kind).toBe('input_required');
    expect(Object.keys(driver.conversation(id).draft!.inputRequests)).toEqual(['confirm']);
    driver.dispatch({
      type: 'draft/answer',
      conversationId: id,
      key: 'confirm',
      response: { action: 'accept', content: { delete: true } },
    });
    const last = await driver.sendDraft(id);
    expect(last.outcome).toMatchObject({
      kind: 'complete',
      result: { content: [{ type: 'text', text: 'Deleted /tmp/report.txt (dry run)' }] },
    });
    // the same leg id twice on the wire cannot cross: the bridge renumbers; the response keeps the page's id
    expect((last.exchange.message as { id: unknown }).id).toBe(last.rpcId);

    const log = await fetch(`${inspector.url}${STDIO_LOG_PATH}`, {
      method: 'POST',
      headers: { 'x-relay-token': inspector.token },
    });
    const body = (await log.json()) as { servers: { running: boolean; stderr: string; command: string }[] };
    expect(body.servers[0]).toMatchObject({ running: true });
    expect(body.servers[0]!.stderr).toContain('[stdio-demo] tools/call confirm_delete "/tmp/report.txt"');
  }, 30_000);

  it("streams the stdio server's progress and log notifications on the call's SSE response when it sends them", async () => {
    const inspector = await start([demoCommand]);
    const url = inspector.endpoints[0]!.url;
    const relayFetch = createRelayFetch({ relayBase: inspector.url, token: inspector.token });
    const events: string[] = [];
    const driver = createDriver({
      now: () => Date.now(),
      connection: { url, protocolVersion: PROTOCOL_VERSION },
      send: (c) =>
        sendLeg({
          url: c.url,
          headers: c.headers,
          body: c.body,
          fetch: relayFetch,
          rpcId: c.rpcId,
          viaRelay: true,
          onEvent: (e) => events.push(e.data),
        }),
    });
    const id = await driver.start({
      method: 'tools/call',
      title: 'scan_folder',
      params: {
        name: 'scan_folder',
        arguments: { path: '/srv', files: 3 },
      },
      requestOptions: { progressToken: 'scan-1', logLevel: 'info' },
      capabilities: ALL_CAPABILITIES,
    });
    const leg = driver.lastLeg(id)!;
    expect(leg.exchange.response?.contentType).toContain('text/event-stream');
    expect(leg.outcome).toMatchObject({ kind: 'complete' });
    const methods = events.map((d) => (JSON.parse(d) as { method?: string }).method ?? 'response');
    expect(methods.filter((m) => m === 'notifications/progress')).toHaveLength(3);
    expect(methods.filter((m) => m === 'notifications/message')).toHaveLength(3);
    expect(methods[methods.length - 1]).toBe('response');
    expect(events.join('\n')).toContain('"progressToken":"scan-1"');

    // a call without a token or log level is one JSON answer, as before
    const plain = await driver.start({
      method: 'tools/call',
      title: 'scan_folder',
      params: { name: 'scan_folder', arguments: { path: '/srv', files: 1 } },
      capabilities: ALL_CAPABILITIES,
    });
    expect(driver.lastLeg(plain)!.exchange.response?.contentType).toContain('application/json');

    const log = await fetch(`${inspector.url}${STDIO_LOG_PATH}`, {
      method: 'POST',
      headers: { 'x-relay-token': inspector.token },
    });
    const body = (await log.json()) as { servers: { notifications: { method: string; delivered: number }[] }[] };
    expect(body.servers[0]!.notifications).toHaveLength(6);
    expect(body.servers[0]!.notifications.every((n) => n.delivered === 1)).toBe(true);
  }, 30_000);

  it('refuses the stderr log and the endpoint without the relay token when asked directly', async () => {
    const inspector = await start([demoCommand]);
    const log = await fetch(`${inspector.url}${STDIO_LOG_PATH}`, { method: 'POST' });
    expect(log.status).toBe(401);
    expect(log.headers.get('x-relay-error')).toBe('bad_token');
    const foreignOrigin = await fetch(`${inspector.url}${STDIO_LOG_PATH}`, {
      method: 'POST',
      headers: { 'x-relay-token': inspector.token, origin: 'http://evil.example' },
    });
    expect(foreignOrigin.headers.get('x-relay-error')).toBe('bad_origin');
    // the endpoint URL is served by no route of its own: only the relay's fetch reaches the bridge
    const direct = await fetch(inspector.endpoints[0]!.url, {
      method: 'POST',
      headers: { 'x-relay-token': inspector.token },
      body: '{}',
    });
    expect(direct.status).toBe(405);
  }, 30_000);

  it('says the server exited and keeps its stderr when the command fails', async () => {
    const inspector = await start([`"${process.execPath}" -e "console.error('boom: no config'); process.exit(3)"`]);
    const relayFetch = createRelayFetch({ relayBase: inspector.url, token: inspector.token });
    await expect
      .poll(async () => {
        const log = await fetch(`${inspector.url}${STDIO_LOG_PATH}`, {
          method: 'POST',
          headers: { 'x-relay-token': inspector.token },
        });
        return ((await log.json()) as { servers: { running: boolean }[] }).servers[0]!.running;
      })
      .toBe(false);
    const res = await relayFetch(inspector.endpoints[0]!.url, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({
      id: 1,
      error: { code: -1, data: { source: 'mrtr-inspector', reason: 'not_running' } },
    });
    const log = await fetch(`${inspector.url}${STDIO_LOG_PATH}`, {
      method: 'POST',
      headers: { 'x-relay-token': inspector.token },
    });
    const server = ((await log.json()) as { servers: { stderr: string; exitCode: number }[] }).servers[0]!;
    expect(server.exitCode).toBe(3);
    expect(server.stderr).toContain('boom: no config');
  }, 30_000);
});
