/**
 * A watched client's conversation leaves the inspector like the app's own: a client that is not the page runs an
 * MRTR call through a proxy (with its own bearer token), the page's pipeline (the store fed the proxies' events, as
 * bootstrap feeds it) records it, and its session file and HAR hold its legs with the token masked unless "Include
 * secrets" is ticked; `mrtr-inspector replay` of either file replays it the same against the server.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { proxyControl, watchedExchanges } from '../../client/proxy-feed.ts';
import { sendLeg } from '../../client/send-leg.ts';
import { ALL_CAPABILITIES } from '../../protocol/envelope.ts';
import { PROTOCOL_VERSION } from '../../protocol/types.ts';
import { createDriver } from '../../session/flows/driver.ts';
import { buildExport } from '../../session/io/export-build.ts';
import { parseRecordingFile } from '../../session/io/recordings.ts';
import { createInspectorStore } from '../../store/inspector-store.ts';
import { replayCommand } from '../cli/replay-command.ts';
import { startMockServer, type MockServerHandle } from '../mock-server/start.ts';
import { createProxySet, type ProxySet } from './proxy-set.ts';

const SECRET = 'sk-watched-client-secret-1';

let running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.map((r) => r.close()));
  running = [];
});

async function mock(): Promise<MockServerHandle> {
  const m = await startMockServer({ port: 0 });
  running.push(m);
  return m;
}

/** The page's side: a store fed every event of the proxies' hub, each exchange recorded as a leg when it ends. */
function watchingPage(proxies: ProxySet) {
  const store = createInspectorStore({
    fetchFor: () => () => Promise.reject(new Error('the page sends nothing in this test')),
    now: () => Date.now(),
    proxy: { control: (c) => proxyControl('unused', c), follow: () => undefined },
  });
  const record = watchedExchanges((id, exchange) => store.getState().recordWatched(id, exchange));
  proxies.hub.subscribe((event) => {
    store.getState().applyProxyEvent(event);
    record(event);
  });
  return store;
}

/** A client with a bearer token of its own answers `approve_payment_signed` through the proxy. */
async function clientCall(proxyUrl: string): Promise<void> {
  const client = createDriver({
    now: () => Date.now(),
    connection: { url: proxyUrl, protocolVersion: PROTOCOL_VERSION },
    send: (c) =>
      sendLeg({
        url: c.url,
        headers: [...c.headers, ['authorization', `Bearer ${SECRET}`]],
        body: c.body,
        fetch,
        rpcId: c.rpcId,
      }),
  });
  const id = await client.start({
    method: 'tools/call',
    title: 'approve_payment_signed',
    params: { name: 'approve_payment_signed', arguments: { amount: 12 } },
    capabilities: ALL_CAPABILITIES,
  });
  client.dispatch({
    type: 'draft/answer',
    conversationId: id,
    key: 'confirm',
    response: { action: 'accept', content: { confirm: true } },
  });
  expect((await client.sendDraft(id)).outcome.kind).toBe('complete');
}

describe("a watched client's conversation", () => {
  it('exports to a session file and HAR with its legs, its token masked unless asked, and replays the same', async () => {
    const server = await mock();
    const proxies = createProxySet();
    running.push(proxies);
    const store = watchingPage(proxies);
    const proxy = await proxies.start(server.mcpUrl);
    await clientCall(proxy.url);

    await vi.waitFor(() => {
      const session = store.getState().session;
      const watched = session.order.map((id) => session.conversations[id]!).filter((c) => c.watched);
      expect(watched.map((c) => [c.method, c.legIds.length])).toEqual([['tools/call', 2]]);
    });
    const session = store.getState().session;
    const [watched] = session.order.map((id) => session.conversations[id]!);
    expect(watched!.title).toMatch(/^approve_payment_signed · /);
    const base = { session, notSecret: [], now: 0 } as const;

    const file = buildExport({ kind: 'session', ...base, includeSecrets: false });
    expect(file.count).toBe(1);
    expect(file.text).not.toContain(SECRET);
    expect(file.text).toContain('"watched"');
    expect(buildExport({ kind: 'session', ...base, includeSecrets: true }).text).toContain(SECRET);

    const har = buildExport({ kind: 'har', ...base, includeSecrets: false });
    expect(har.count).toBe(2);
    expect(har.text).not.toContain(SECRET);
    const entries = (JSON.parse(har.text) as { log: { entries: { request: { postData?: { text: string } } }[] } }).log
      .entries;
    expect(entries[1]!.request.postData?.text).toContain('"requestState"');
    expect(buildExport({ kind: 'har', ...base, includeSecrets: true }).text).toContain(SECRET);

    // `mrtr-inspector replay <file> --server <fresh>` of each export: the recorded answers, the fresh server's states
    const dir = mkdtempSync(join(tmpdir(), 'mrtr-watched-'));
    running.push({ close: async () => rmSync(dir, { recursive: true, force: true }) });
    const printed = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    for (const [name, exported] of [
      ['watched.mrtr.json', file.text],
      ['watched.har', har.text],
    ] as const) {
      expect(parseRecordingFile(exported)).toMatchObject({ ok: true, recordings: [{ legs: [{}, {}] }] });
      writeFileSync(join(dir, name), exported);
      const fresh = await mock();
      const exit = await replayCommand({
        kind: 'replay',
        file: join(dir, name),
        server: fresh.mcpUrl,
        json: false,
        ignore: [],
      });
      expect(exit, name).toBe(0);
      expect(printed.mock.calls.at(-1)?.[0]).toContain('1 of 1 conversations replayed the same.');
    }
    printed.mockRestore();
  }, 30_000);
});
