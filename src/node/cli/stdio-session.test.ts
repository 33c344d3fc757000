import { createRequire } from 'node:module';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LegacySession } from '../../client/legacy/legacy-session.ts';
import { openStandalone } from '../../client/legacy/standalone.ts';
import { createRelayFetch } from '../../client/relay-fetch.ts';
import { RELAY_FORWARD_PATH } from '../../protocol/relay-paths.ts';
import { startInspectorServer, type InspectorServer } from './serve.ts';
import { stdioEndpoints } from './stdio-endpoints.ts';
import type { PushedRequest } from '../../client/legacy/messages.ts';

/** The reference server of the 2025-11-25 era (a devDependency), started over stdio like `--stdio "… stdio"`. */
function everything(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
  } catch {
    return undefined; // node_modules older than package.json: `npm install` brings it
  }
}
const EVERYTHING = everything();

let running: InspectorServer[] = [];
afterEach(async () => {
  await Promise.all(running.map((r) => r.close()));
  running = [];
});

async function start() {
  const dist = mkdtempSync(join(tmpdir(), 'mrtr-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  const stdio = stdioEndpoints([`"${process.execPath}" "${EVERYTHING!}" stdio`]);
  const server = await startInspectorServer({ port: 0, distDir: dist, localEndpoints: stdio.start });
  running.push(server);
  return server;
}

/** A 2025-11-25 session to the stdio server through the relay, as the page opens one, its pushed requests kept. */
async function connect(inspector: InspectorServer) {
  const fetch = createRelayFetch({ relayBase: inspector.url, token: inspector.token });
  const pushed: PushedRequest[] = [];
  const notes: string[] = [];
  let onPushed: (r: PushedRequest) => void = () => {};
  const session = new LegacySession({
    url: inspector.endpoints[0]!.url,
    fetch,
    clientInfo: { name: 'mrtr-inspector', version: '0' },
    capabilities: { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} },
    onNotification: (m) => notes.push(String(m.method)),
  });
  await session.initialize();
  session.sessionHandler = async (request) => {
    pushed.push(request);
    onPushed(request);
    return null;
  };
  openStandalone(session);
  const next = (method: string) =>
    new Promise<PushedRequest>((resolve) => {
      const found = pushed.find((r) => r.method === method);
      if (found) return resolve(found);
      onPushed = (r) => r.method === method && resolve(r);
    });
  return { session, pushed, notes, next };
}

describe.skipIf(!EVERYTHING)('a 2025-11-25 stdio server through the bridge (the everything server)', () => {
  it("carries the server's requests to the page on the session stream, and the page's responses back", async () => {
    const inspector = await start();
    const { session, next, notes } = await connect(inspector);

    // the server's own roots/list after initialization reaches the page, and its answer reaches the server
    const roots = await next('roots/list');
    const ack = await session.answer(roots, { result: { roots: [{ uri: 'file:///work', name: 'work' }] } });
    expect(ack.response?.status).toBe(202);
    await expect.poll(() => notes).toContain('notifications/message');

    // a tool that asks: the call waits while the elicitation is answered on the session
    const call = session.request(
      'tools/call',
      { name: 'trigger-elicitation-request', arguments: {} },
      async () => null,
    );
    const ask = await next('elicitation/create');
    expect(ask.params).toMatchObject({ message: 'Please provide inputs for the following fields:' });
    await session.answer(ask, { result: { action: 'decline' } });
    const done = await call;
    expect(JSON.stringify(done.result)).toContain('decline');

    // sampling the same way
    const sampling = session.request(
      'tools/call',
      { name: 'trigger-sampling-request', arguments: { prompt: 'Say hi', maxTokens: 20 } },
      async () => null,
    );
    const sample = await next('sampling/createMessage');
    await session.answer(sample, {
      result: { role: 'assistant', content: { type: 'text', text: 'hi from the page' }, model: 'by-hand' },
    });
    expect(JSON.stringify((await sampling).result)).toContain('hi from the page');
    session.standaloneStop?.abort();
  }, 60_000);

  it('refuses DELETE (the process belongs to the command line) and a session stream the page cannot read', async () => {
    const inspector = await start();
    const fetch = createRelayFetch({ relayBase: inspector.url, token: inspector.token });
    const url = inspector.endpoints[0]!.url;
    expect((await fetch(url, { method: 'DELETE' })).status).toBe(405);
    expect((await fetch(url, { method: 'GET', headers: { accept: 'application/json' } })).status).toBe(406);
  }, 60_000);

  it('opens the session stream only through the relay: no token, a foreign Origin or a direct GET get nothing', async () => {
    const inspector = await start();
    const url = inspector.endpoints[0]!.url;
    const asRelay = (headers: Record<string, string>) =>
      globalThis.fetch(`${inspector.url}${RELAY_FORWARD_PATH}`, {
        method: 'POST',
        headers: { 'x-relay-target': url, 'x-relay-mcp': 'session', 'x-relay-method': 'GET', ...headers },
      });
    const noToken = await asRelay({ accept: 'text/event-stream' });
    expect(noToken.status).toBe(401);
    const foreign = await asRelay({ 'x-relay-token': inspector.token, origin: 'http://evil.example' });
    expect(foreign.headers.get('x-relay-error')).toBe('bad_origin');
    const direct = await globalThis.fetch(url, { headers: { accept: 'text/event-stream' } });
    expect(direct.headers.get('content-type') ?? '').not.toContain('text/event-stream');
  }, 60_000);
});
