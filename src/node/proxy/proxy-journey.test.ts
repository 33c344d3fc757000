/**
 * `mrtr-inspector --mock --proxy <mock>`: a client that is not the page runs an MRTR call through the proxy against
 * the bundled mock, and the page's event stream carries every leg of it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sendLeg } from '../../client/send-leg.ts';
import { ALL_CAPABILITIES } from '../../protocol/envelope.ts';
import { PROXY_EVENTS_PATH, type ProxyEvent } from '../../protocol/proxy-wire.ts';
import { PROTOCOL_VERSION } from '../../protocol/types.ts';
import { createDriver } from '../../session/flows/driver.ts';
import { startInspectorServer, type InspectorServer } from '../cli/serve.ts';
import { startMockServer, type MockServerHandle } from '../mock-server/start.ts';

let running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.map((r) => r.close()));
  running = [];
});

async function start(): Promise<{ inspector: InspectorServer; mock: MockServerHandle }> {
  const mock = await startMockServer({ port: 0 });
  running.push(mock);
  const dist = mkdtempSync(join(tmpdir(), 'mrtr-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  const inspector = await startInspectorServer({ port: 0, distDir: dist, proxyTargets: [mock.mcpUrl] });
  running.push(inspector);
  return { inspector, mock };
}

describe('a client through --proxy', () => {
  it('completes its MRTR call unchanged, and the page is told each leg', async () => {
    const { inspector, mock } = await start();
    const proxy = inspector.proxies[0]!;
    expect(proxy).toMatchObject({ id: 'p1', target: mock.mcpUrl });
    const config = (await (await fetch(`${inspector.url}/__inspector/config`)).json()) as { proxy?: unknown };
    // a page loading now learns that a proxy runs, so it follows the proxies' traffic from its history on
    expect(config.proxy).toEqual({ enabled: true, running: 1 });

    const driver = createDriver({
      now: () => Date.now(),
      connection: { url: proxy.url, protocolVersion: PROTOCOL_VERSION },
      send: (c) => sendLeg({ url: c.url, headers: c.headers, body: c.body, fetch, rpcId: c.rpcId }),
    });
    const id = await driver.start({
      method: 'tools/call',
      title: 'approve_payment_signed',
      params: { name: 'approve_payment_signed', arguments: { amount: 12 } },
      capabilities: ALL_CAPABILITIES,
    });
    expect(driver.lastLeg(id)!.outcome.kind).toBe('input_required');
    driver.dispatch({
      type: 'draft/answer',
      conversationId: id,
      key: 'confirm',
      response: { action: 'accept', content: { confirm: true } },
    });
    expect((await driver.sendDraft(id)).outcome.kind).toBe('complete');

    const res = await fetch(`${inspector.url}${PROXY_EVENTS_PATH}`, {
      method: 'POST',
      headers: { 'x-relay-token': inspector.token },
    });
    const reader = res.body!.getReader();
    let text = '';
    while ((text.match(/"type":"response-end"/g) ?? []).length < 2) {
      text += new TextDecoder().decode((await reader.read()).value);
    }
    await reader.cancel();
    // each event is an `id:` line and a `data:` line
    const events = text
      .split('\n\n')
      .map((block) => block.split('\n').find((line) => line.startsWith('data: ')))
      .filter((data) => data !== undefined)
      .map((data) => JSON.parse(data.slice(6)) as ProxyEvent);
    const requests = events.filter((e) => e.type === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[1]!.body).toContain('"inputResponses"');
    expect(requests[1]!.body).toContain('"requestState"');
  }, 30_000);
});
