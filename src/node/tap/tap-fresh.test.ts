/**
 * Fresh instances of a tapped server (tap-fresh.ts, tap-fresh-children.ts): the page asks for one through the
 * proxies' control, the tap launches its own command again with its own environment and directory, and the instance
 * answers through the relay's in-process URL. Under attack (tap.md, "Fresh instances"): a page without the token, or
 * from another origin, launches nothing; an unknown or ended tap is refused with a message that says what to do; no
 * command, argument, environment or directory can be passed.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProxyEvent } from '../../protocol/proxy-wire.ts';
import { runTap, type TapEnd } from './tap-process.ts';
import { TEST_RELAY_TOKEN, startTestInspector, type TestInspector } from './tap.fixtures.ts';

/**
 * A stdio server that notes each start in a file (so a test counts launches) and answers every request with what it
 * was launched with: its arguments, one variable of its environment and its working directory.
 */
const SERVER = `
const fs = require('node:fs');
fs.appendFileSync(process.env.FRESH_STARTS, process.pid + '\\n');
let buf = '';
process.stdin.on('data', (c) => {
  buf += c;
  let nl;
  while ((nl = buf.indexOf('\\n')) !== -1) {
    const m = JSON.parse(buf.slice(0, nl));
    buf = buf.slice(nl + 1);
    if (m.id === undefined) continue;
    process.stderr.write('asked ' + m.method + '\\n');
    const result = { argv: process.argv.slice(1), mark: process.env.FRESH_MARK, cwd: process.cwd() };
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result }) + '\\n');
  }
});
process.stdin.on('end', () => process.exit(0));
`;

interface Tapped {
  inspector: TestInspector;
  tapId: string;
  starts: () => number;
  /** the host closes the tap's stdin: its server exits, and the tap with it */
  end: () => Promise<TapEnd>;
  cwd: string;
}

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.allSettled(cleanups.map((c) => c()));
  cleanups = [];
});

async function tapped(): Promise<Tapped> {
  const inspector = await startTestInspector();
  const dir = mkdtempSync(join(tmpdir(), 'mrtr-fresh-'));
  const startsFile = join(dir, 'starts');
  const stdin = new PassThrough();
  const ended = runTap({
    inspector: inspector.url,
    command: process.execPath,
    args: ['-e', SERVER, '--', '--flag', 'value'],
    stdin,
    stdout: new PassThrough().resume(),
    stderr: new PassThrough().resume(),
    env: { ...inspector.env, FRESH_MARK: 'the-hosts-env', FRESH_STARTS: startsFile },
    cwd: dir,
    retryMs: 60_000,
  });
  const end = (): Promise<TapEnd> => {
    stdin.end();
    return ended;
  };
  cleanups.push(end, () => inspector.close());
  const listed = (await inspector.next((e) => e.type === 'proxies' && e.proxies.some((p) => p.tap))) as Extract<
    ProxyEvent,
    { type: 'proxies' }
  >;
  const starts = (): number => {
    try {
      return readFileSync(startsFile, 'utf8').split('\n').filter(Boolean).length;
    } catch {
      return 0;
    }
  };
  await expect.poll(starts).toBe(1);
  return { inspector, tapId: listed.proxies.find((p) => p.tap)!.id, starts, end, cwd: dir };
}

function control(
  i: TestInspector,
  body: Record<string, unknown>,
  headers: Record<string, string> = { 'x-relay-token': TEST_RELAY_TOKEN },
): Promise<Response> {
  return fetch(`${i.url}/__proxy/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function refusal(response: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, ...body.error };
}

/**
 * Launch one legitimately and hear it answer (so it has started): after the refusals before it, exactly one server
 * more than the host's has run.
 */
async function onlyTheLegitimateLaunch(t: Tapped): Promise<void> {
  const { url } = (await (await control(t.inspector, { action: 'fresh', proxyId: t.tapId })).json()) as { url: string };
  await ask(t.inspector, url);
  expect(t.starts()).toBe(2);
}

async function ask(i: TestInspector, url: string): Promise<Record<string, unknown>> {
  const handle = i.fresh.handlerFor(url);
  if (!handle) throw new Error(`no fresh instance at ${url}`);
  const response = await handle(
    new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }),
    }),
  );
  return (await response.json()) as Record<string, unknown>;
}

describe('a fresh instance of a tapped server', () => {
  it('is launched by the tap with its own arguments, environment and directory, and answers at its URL', async () => {
    const t = await tapped();
    expect(t.starts()).toBe(1);
    const response = await control(t.inspector, { action: 'fresh', proxyId: t.tapId });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url).toBe(`${t.inspector.url}/__tap/${t.tapId}/1/mcp`);
    expect(await ask(t.inspector, url)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      result: { argv: ['--flag', 'value'], mark: 'the-hosts-env', cwd: t.cwd },
    });
    expect(t.starts()).toBe(2);
    // asked again while it runs: the same instance
    const again = (await (await control(t.inspector, { action: 'fresh', proxyId: t.tapId })).json()) as {
      url: string;
    };
    expect(again.url).toBe(url);
    expect(t.starts()).toBe(2);
  }, 30_000);

  it('is in the stdio log with its stderr while it runs (the page reads its reasons there), and leaves it with its tap', async () => {
    const t = await tapped();
    const { url } = (await (await control(t.inspector, { action: 'fresh', proxyId: t.tapId })).json()) as {
      url: string;
    };
    await ask(t.inspector, url);
    const logged = () =>
      t.inspector.fresh
        .logs()
        .find((l) => l.url === url)
        ?.bridge.status();
    await expect.poll(() => logged()?.stderr).toContain('asked tools/list');
    expect(logged()?.running).toBe(true);
    await t.end();
    await expect.poll(() => t.inspector.fresh.logs().map((l) => l.url)).toEqual([]);
  }, 30_000);

  it('ends with its tap: its URL says it is gone', async () => {
    const t = await tapped();
    const { url } = (await (await control(t.inspector, { action: 'fresh', proxyId: t.tapId })).json()) as {
      url: string;
    };
    await t.end();
    await t.inspector.next((e) => e.type === 'proxies' && !e.proxies.some((p) => p.tap));
    // its URL answers that it is gone, and what to do; the request goes nowhere else
    await expect
      .poll(async () => ((await ask(t.inspector, url)) as { error?: { message: string } }).error?.message)
      .toContain('This fresh instance of a tapped server is gone');
    expect(t.inspector.fresh.handlerFor('http://example.test/__tap/t1/1/mcp')).toBeUndefined();
  }, 30_000);
});

describe('launching a fresh instance refuses', () => {
  it('a page without the relay token, or from another origin: nothing is launched', async () => {
    const t = await tapped();
    const body = { action: 'fresh', proxyId: t.tapId };
    expect(await refusal(await control(t.inspector, body, {}))).toMatchObject({ status: 401, code: 'bad_token' });
    expect(
      await refusal(await control(t.inspector, body, { 'x-relay-token': 'guess-0123456789abcdef' })),
    ).toMatchObject({ status: 401, code: 'bad_token' });
    expect(
      await refusal(
        await control(t.inspector, body, { 'x-relay-token': TEST_RELAY_TOKEN, origin: 'https://evil.example' }),
      ),
    ).toMatchObject({ status: 403, code: 'bad_origin' });
    await onlyTheLegitimateLaunch(t);
  }, 30_000);

  it('a command, arguments, environment or directory of the page: the tap launches only its own', async () => {
    const t = await tapped();
    for (const extra of [
      { args: ['--evil'] },
      { command: ['/bin/sh', '-c', 'touch /tmp/owned'] },
      { argv: ['sh'] },
      { env: { FRESH_MARK: 'page' } },
      { cwd: '/' },
    ]) {
      expect(await refusal(await control(t.inspector, { action: 'fresh', proxyId: t.tapId, ...extra }))).toEqual({
        status: 400,
        code: 'bad_control',
        message: expect.stringContaining("its command, arguments, environment and directory are the tap's own"),
      });
    }
    await onlyTheLegitimateLaunch(t);
  }, 30_000);

  it('an unknown tap, and a tap that ended, each with what to do', async () => {
    const t = await tapped();
    expect(await refusal(await control(t.inspector, { action: 'fresh', proxyId: 't99' }))).toEqual({
      status: 404,
      code: 'no_tap',
      message: expect.stringContaining('No tap "t99" is connected'),
    });
    await t.end();
    await t.inspector.next((e) => e.type === 'proxies' && !e.proxies.some((p) => p.tap));
    const ended = await refusal(await control(t.inspector, { action: 'fresh', proxyId: t.tapId }));
    expect(ended).toMatchObject({ status: 409, code: 'tap_ended' });
    expect(ended.message).toContain('Start its host again');
    expect(t.starts()).toBe(1);
  }, 30_000);

  it('a tap that does not launch fresh instances (an older tap says nothing of it in its hello)', async () => {
    const i = await startTestInspector();
    cleanups.push(() => i.close());
    const { request } = await import('node:http');
    const { readTapToken } = await import('./tap-token.ts');
    const secret = readTapToken(Number(new URL(i.url).port), i.env);
    if ('why' in secret) throw new Error(secret.why);
    const url = new URL(i.url);
    const socket = await new Promise<import('node:net').Socket>((resolve, reject) => {
      const req = request({
        host: url.hostname,
        port: url.port,
        path: '/__tap/connect',
        headers: { connection: 'Upgrade', upgrade: 'mrtr-tap', 'x-tap-token': secret.token },
      });
      req.on('upgrade', (_res, s: import('node:net').Socket) => resolve(s));
      req.on('error', reject);
      req.end();
    });
    cleanups.push(async () => socket.destroy());
    socket.write(`${JSON.stringify({ t: 'hello', command: ['server'] })}\n`);
    const listed = (await i.next((e) => e.type === 'proxies' && e.proxies.length > 0)) as Extract<
      ProxyEvent,
      { type: 'proxies' }
    >;
    expect(await refusal(await control(i, { action: 'fresh', proxyId: listed.proxies[0]!.id }))).toMatchObject({
      status: 409,
      code: 'tap_cannot_launch',
    });
  }, 30_000);
});
