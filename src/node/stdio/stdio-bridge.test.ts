import { afterEach, describe, expect, it } from 'vitest';
import { eraFromDiscover } from '../../protocol/era.ts';
import { startStdioBridge, type StdioBridge, type StdioBridgeOptions } from './stdio-bridge.ts';
import { INSPECTOR_ERROR_CODE } from './bridge-errors.ts';

/**
 * Scripted stdio servers: `node -e` with a line reader that logs every line it reads to stderr as `RECV <line>` (so a
 * test reads what reached the server in `status().stderr`) and hands the parsed message to `on(m)`.
 */
const PRELUDE = `
const send = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
const seen = [];
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  process.stderr.write('RECV ' + line + '\\n');
  const m = JSON.parse(line);
  seen.push(m);
  on(m);
});
`;
const server = (body: string): string[] => [process.execPath, '-e', `${PRELUDE}\n${body}`];

let bridges: StdioBridge[] = [];
afterEach(async () => {
  await Promise.all(bridges.map((b) => b.close()));
  bridges = [];
});

async function start(body: string, opts: Partial<StdioBridgeOptions> = {}): Promise<StdioBridge> {
  const bridge = await startStdioBridge({ argv: server(body), shutdownGraceMs: 300, ...opts });
  bridges.push(bridge);
  return bridge;
}

const post = (bridge: StdioBridge, message: unknown, init: { signal?: AbortSignal; accept?: string } = {}) =>
  bridge.handle(
    new Request('http://127.0.0.1/__stdio/1/mcp', {
      method: 'POST',
      headers: { accept: init.accept ?? 'application/json, text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify(message),
      ...(init.signal ? { signal: init.signal } : {}),
    }),
  );

/** The messages the server read, in order (from its `RECV` lines). */
const received = (bridge: StdioBridge): Record<string, unknown>[] =>
  bridge
    .status()
    .stderr.split('\n')
    .filter((l) => l.startsWith('RECV '))
    .map((l) => JSON.parse(l.slice(5)) as Record<string, unknown>);

const cancelsSeen = (bridge: StdioBridge) =>
  received(bridge)
    .filter((m) => m.method === 'notifications/cancelled')
    .map((m) => (m.params as { requestId: unknown }).requestId);

const idOf = (bridge: StdioBridge, method: string) => received(bridge).find((m) => m.method === method)?.id;

const call = (id: unknown, name = 'hang') => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name } });

/** Reads an SSE body into its JSON messages (the stream must end). */
async function sseMessages(res: Response): Promise<Record<string, unknown>[]> {
  const text = await res.text();
  return text
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => JSON.parse(l.slice(6)) as Record<string, unknown>);
}

describe('cancelling a request the page gave up on', () => {
  it('sends notifications/cancelled under the id the server saw when the page aborts a JSON wait', async () => {
    const bridge = await start(`function on() {}`);
    const abort = new AbortController();
    const answer = post(bridge, call(7), { signal: abort.signal });
    await expect.poll(() => idOf(bridge, 'tools/call')).toBeDefined();
    abort.abort();
    await answer;
    const serverId = idOf(bridge, 'tools/call');
    await expect.poll(() => cancelsSeen(bridge)).toEqual([serverId]);
    expect(serverId).not.toBe(7);
    // a 2025-11-25 page then sends its own cancel: not written a second time
    const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } };
    expect((await post(bridge, cancel)).status).toBe(202);
    expect(bridge.status().stderr).toContain(`request 7 (a number), which the bridge already cancelled as ${serverId}`);
    expect(cancelsSeen(bridge)).toEqual([serverId]);
  });

  it('sends notifications/cancelled when the bridge stops waiting at its timeout, and answers an inspector-made error', async () => {
    const bridge = await start(`function on() {}`, { timeoutMs: 300 });
    const res = await post(bridge, call(8));
    expect(res.status).toBe(504);
    const body = (await res.json()) as { id: unknown; error: { code: number; message: string; data: unknown } };
    expect(body.id).toBe(8);
    expect(body.error.code).toBe(INSPECTOR_ERROR_CODE);
    expect(body.error.data).toEqual({ source: 'mrtr-inspector', reason: 'timeout' });
    expect(body.error.message).toMatch(/made by the inspector/i);
    await expect.poll(() => cancelsSeen(bridge)).toEqual([idOf(bridge, 'tools/call')]);
  });

  it("maps the page's own notifications/cancelled to the id the server saw, once", async () => {
    const bridge = await start(`function on() {}`);
    const answer = post(bridge, call(5));
    await expect.poll(() => idOf(bridge, 'tools/call')).toBeDefined();
    const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 5, reason: 'stop' } };
    expect((await post(bridge, cancel)).status).toBe(202);
    // the page's call ends at once, with an error saying it was cancelled
    const body = (await (await answer).json()) as { id: unknown; error: { data: { reason: string } } };
    expect(body).toMatchObject({ id: 5, error: { data: { source: 'mrtr-inspector', reason: 'cancelled' } } });
    // a second cancel (the request is no longer in flight) is not written to the server
    expect((await post(bridge, cancel)).status).toBe(202);
    await post(bridge, { jsonrpc: '2.0', method: 'notifications/initialized' });
    await expect.poll(() => received(bridge).at(-1)?.method).toBe('notifications/initialized');
    expect(cancelsSeen(bridge)).toEqual([idOf(bridge, 'tools/call')]);
    expect(received(bridge).find((m) => m.method === 'notifications/cancelled')?.params).toMatchObject({
      reason: 'stop',
    });
  });
});

describe('the end of the server process', () => {
  it('delivers an answer that reaches stdout after the server process exited', async () => {
    // the server hands its answer to a helper that shares its stdout and exits at once: the answer arrives after the
    // exit, before stdout closes (as an answer still in the pipe at the exit does)
    const bridge = await start(
      `function on(m) { const answer = JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { late: true } }); require('child_process').spawn(process.execPath, ['-e', 'setTimeout(() => process.stdout.write(process.argv[1] + "\\\\n"), 200)', answer], { stdio: ['ignore', 'inherit', 'inherit'] }); process.exit(0); }`,
    );
    const res = await post(bridge, call(1));
    expect(await res.json()).toMatchObject({ id: 1, result: { late: true } });
    expect(bridge.status().exitCode).toBe(0);
  });

  it('survives a server that closes its stdin: the call gets a clear error and the bridge is not running', async () => {
    const bridge = await startStdioBridge({
      argv: [
        process.execPath,
        '-e',
        `require('fs').closeSync(0); process.stderr.write('closed\\n'); setInterval(() => {}, 1000);`,
      ],
      shutdownGraceMs: 300,
    });
    bridges.push(bridge);
    await expect.poll(() => bridge.status().stderr).toContain('closed');
    const first = await post(bridge, call(1));
    const body = (await first.json()) as { error: { code: number; data: { reason: string }; message: string } };
    expect(body.error.code).toBe(INSPECTOR_ERROR_CODE);
    expect(body.error.data.reason).toBe('stdin_closed');
    expect(body.error.message).toMatch(/stdin/);
    expect(bridge.status()).toMatchObject({ running: false, stdinClosed: true });
    expect((await post(bridge, call(2))).status).toBe(502);
  });

  it('closes stdin and waits for the server to exit before any signal', async () => {
    const bridge = await start(
      `function on() {} process.stdin.on('end', () => setTimeout(() => { process.stderr.write('clean exit\\n'); process.exit(0); }, 100));`,
      { shutdownGraceMs: 3000 },
    );
    await post(bridge, { jsonrpc: '2.0', method: 'notifications/initialized' });
    await bridge.close();
    expect(bridge.status()).toMatchObject({ running: false, exitCode: 0 });
    expect(bridge.status().stderr).toContain('clean exit');
  });
});

describe('errors the bridge makes', () => {
  it('uses a code outside the reserved JSON-RPC range and says the inspector made it', async () => {
    const bridge = await start(`function on() {}`);
    const del = await bridge.handle(new Request('http://127.0.0.1/__stdio/1/mcp', { method: 'DELETE' }));
    expect(del.status).toBe(405);
    const body = (await del.json()) as { error: { code: number; data: unknown } };
    expect(body.error.code).toBe(INSPECTOR_ERROR_CODE);
    expect(body.error.code < -32768 || body.error.code > -32000).toBe(true);
    expect(body.error.data).toEqual({ source: 'mrtr-inspector', reason: 'method_not_allowed' });
  });
});

describe('what the server writes on stdout', () => {
  it('caps a line: the call whose answer is too long gets a clear error, and the next line still counts', async () => {
    const bridge = await start(
      `function on(m) { if (m.params.name === 'big') send({ jsonrpc: '2.0', id: m.id, result: { text: 'x'.repeat(5000) } }); else send({ jsonrpc: '2.0', id: m.id, result: { ok: true } }); }`,
      { maxLineBytes: 1000 },
    );
    const big = (await (await post(bridge, call(1, 'big'))).json()) as {
      error: { code: number; message: string; data: { reason: string } };
    };
    expect(big.error.code).toBe(INSPECTOR_ERROR_CODE);
    expect(big.error.data.reason).toBe('line_too_long');
    expect(big.error.message).toContain('1000 bytes');
    expect(await (await post(bridge, call(2, 'small'))).json()).toMatchObject({ id: 2, result: { ok: true } });
    expect(bridge.status().stderr).toContain('longer than 1000 bytes');
  });

  it('names a response whose id came back as a number, in the log and in the timeout error', async () => {
    const bridge = await start(`function on(m) { send({ jsonrpc: '2.0', id: 42, result: {} }); }`, { timeoutMs: 300 });
    const body = (await (await post(bridge, call(1))).json()) as { error: { message: string } };
    expect(body.error.message).toContain('42');
    expect(bridge.status().stderr).toMatch(/answered id 42 .*never sent/);
  });

  it('matches each response of a batch array and says the server wrote a batch', async () => {
    const bridge = await start(
      `function on() { if (seen.length === 2) send(seen.map((m) => ({ jsonrpc: '2.0', id: m.id, result: { n: m.params.name } }))); }`,
    );
    const [a, b] = await Promise.all([post(bridge, call(1, 'a')), post(bridge, call(2, 'b'))]);
    expect(await a!.json()).toMatchObject({ id: 1, result: { n: 'a' } });
    expect(await b!.json()).toMatchObject({ id: 2, result: { n: 'b' } });
    expect(bridge.status().stderr).toContain('batch');
  });
});

describe('subscriptions/listen through the bridge', () => {
  const LISTEN_SERVER = `
let listenId;
function on(m) {
  const meta = (id) => ({ 'io.modelcontextprotocol/subscriptionId': id });
  if (m.method === 'subscriptions/listen') {
    listenId = m.id;
    send({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { _meta: meta(m.id), notifications: { toolsListChanged: true } } });
  } else if (m.method === 'tools/call' && m.params.name === 'change') {
    send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: meta(listenId) } });
    setTimeout(() => send({ jsonrpc: '2.0', id: m.id, result: { changed: true } }), 50);
  } else if (m.method === 'tools/call' && m.params.name === 'teardown') {
    send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: listenId, reason: 'shutting down' } });
    send({ jsonrpc: '2.0', id: m.id, result: {} });
  } else if (m.method === 'tools/call' && m.params.name === 'end') {
    send({ jsonrpc: '2.0', id: listenId, result: { resultType: 'complete', _meta: meta(listenId) } });
    send({ jsonrpc: '2.0', id: m.id, result: {} });
  }
}`;

  it('routes notifications by subscriptionId under the page id, never times the listen out, and keeps them off other calls', async () => {
    const bridge = await start(LISTEN_SERVER, { timeoutMs: 200 });
    const listen = await post(bridge, {
      jsonrpc: '2.0',
      id: 'page-listen',
      method: 'subscriptions/listen',
      params: { notifications: { toolsListChanged: true } },
    });
    expect(listen.headers.get('content-type')).toBe('text/event-stream');
    // longer than the bridge's timeout: the listen stays open
    await new Promise((resolve) => setTimeout(resolve, 400));
    const change = await post(bridge, call(3, 'change'));
    // the call in flight does not carry the subscription's notification
    expect(change.headers.get('content-type')).toBe('application/json');
    expect(await change.json()).toMatchObject({ id: 3, result: { changed: true } });
    await post(bridge, call(4, 'end'));
    const messages = await sseMessages(listen);
    const sub = (m: Record<string, unknown>) =>
      ((m.params ?? m.result) as { _meta: Record<string, unknown> })._meta['io.modelcontextprotocol/subscriptionId'];
    expect(messages.map((m) => m.method ?? 'response')).toEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/tools/list_changed',
      'response',
    ]);
    expect(messages.map(sub)).toEqual(['page-listen', 'page-listen', 'page-listen']);
    expect(messages[2]).toMatchObject({ id: 'page-listen', result: { resultType: 'complete' } });
  });

  it("ends the listen's stream when the server tears the subscription down, with its notification under the page id", async () => {
    const bridge = await start(LISTEN_SERVER);
    const listen = await post(bridge, { jsonrpc: '2.0', id: 11, method: 'subscriptions/listen', params: {} });
    await post(bridge, call(12, 'teardown'));
    const messages = await sseMessages(listen);
    expect(messages.map((m) => m.method)).toEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/cancelled',
    ]);
    expect(messages[1]!.params).toEqual({ requestId: 11, reason: 'shutting down' });
    // the bridge does not cancel what the server already ended
    expect(cancelsSeen(bridge)).toEqual([]);
  });

  it('cancels the listen on the server under its own id when the page closes the stream', async () => {
    const bridge = await start(LISTEN_SERVER);
    const listen = await post(bridge, { jsonrpc: '2.0', id: 9, method: 'subscriptions/listen', params: {} });
    await listen.body!.cancel();
    await expect.poll(() => cancelsSeen(bridge)).toEqual([idOf(bridge, 'subscriptions/listen')]);
  });
});

describe('era detection', () => {
  it('answers a server/discover the server ignores after the short discover timeout, as a legacy verdict', async () => {
    const bridge = await start(`function on() {}`, { discoverTimeoutMs: 200 });
    const started = Date.now();
    const res = await post(bridge, { jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} });
    expect(Date.now() - started).toBeLessThan(5000);
    const body: unknown = await res.json();
    // what the page's era detection reads as a legacy server
    expect(eraFromDiscover(res.status, body)).toEqual({
      kind: 'legacy',
      reason: 'no answer from the stdio server within the time limit',
    });
    await expect.poll(() => cancelsSeen(bridge)).toEqual([idOf(bridge, 'server/discover')]);
  });
});
