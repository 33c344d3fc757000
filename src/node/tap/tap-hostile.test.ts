/**
 * The tap channel under attack (tap.md, "Threat model"): a web page, a process without the user's secret, a
 * connection from another machine, and a forged release of a held item are refused, and a token file others could read
 * is not trusted.
 */
import { chmodSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProxyEvent } from '../../protocol/proxy-wire.ts';
import { tapRefusal } from './tap-routes.ts';
import { readTapToken, tapTokenPath, writeTapToken } from './tap-token.ts';
import { TEST_RELAY_TOKEN, startTestInspector, type TestInspector } from './tap.fixtures.ts';
import { TAP_CONNECT_PATH, TAP_UPGRADE } from './tap-wire.ts';

let inspectors: TestInspector[] = [];
afterEach(async () => {
  await Promise.allSettled(inspectors.map((i) => i.close()));
  inspectors = [];
});

async function inspector(): Promise<TestInspector> {
  const i = await startTestInspector();
  inspectors.push(i);
  return i;
}

function secretOf(i: TestInspector): string {
  const read = readTapToken(Number(new URL(i.url).port), i.env);
  if ('why' in read) throw new Error(read.why);
  return read.token;
}

/** Knock on the tap door: the refusal's status and code, or the upgraded socket. */
function knock(
  i: TestInspector,
  headers: Record<string, string>,
): Promise<{ status: number; code?: string } | { socket: Socket }> {
  return new Promise((resolve, reject) => {
    const url = new URL(i.url);
    const req = request({
      host: url.hostname,
      port: url.port,
      path: TAP_CONNECT_PATH,
      headers: { connection: 'Upgrade', upgrade: TAP_UPGRADE, ...headers },
    });
    req.on('upgrade', (_res, socket: Socket) => resolve({ socket }));
    req.on('response', (res: IncomingMessage) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, code: (JSON.parse(body) as { error: { code: string } }).error.code }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the tap channel refuses', () => {
  it("a web page: any Origin, or a browser's cross-site fetch metadata, even with the right secret", async () => {
    const i = await inspector();
    const token = secretOf(i);
    expect(await knock(i, { 'x-tap-token': token, origin: 'https://evil.example' })).toEqual({
      status: 403,
      code: 'bad_origin',
    });
    expect(await knock(i, { 'x-tap-token': token, origin: i.url })).toEqual({ status: 403, code: 'bad_origin' });
    expect(await knock(i, { 'x-tap-token': token, 'sec-fetch-site': 'cross-site' })).toEqual({
      status: 403,
      code: 'bad_origin',
    });
  });

  it('a process without the secret: none, or a wrong one', async () => {
    const i = await inspector();
    expect(await knock(i, {})).toEqual({ status: 401, code: 'bad_token' });
    expect(await knock(i, { 'x-tap-token': `${secretOf(i)}x` })).toEqual({ status: 401, code: 'bad_token' });
    expect(i.hub.list()).toEqual([]);
  });

  it('a name that is not the inspector (DNS rebinding)', async () => {
    const i = await inspector();
    const port = new URL(i.url).port;
    expect(await knock(i, { 'x-tap-token': secretOf(i), host: `evil.example:${port}` })).toEqual({
      status: 403,
      code: 'bad_host',
    });
  });

  it('a connection from another machine', () => {
    const from = (remoteAddress: string) =>
      ({
        socket: { remoteAddress, localAddress: '127.0.0.1' },
        headers: { host: '127.0.0.1:6280', upgrade: TAP_UPGRADE, 'x-tap-token': 'secret' },
        method: 'GET',
      }) as unknown as IncomingMessage;
    const opts = { appHosts: () => ['127.0.0.1:6280'], secret: () => 'secret' };
    expect(tapRefusal(from('192.0.2.7'), opts)).toMatchObject({ status: 403, code: 'not_loopback' });
    expect(tapRefusal(from('::ffff:10.0.0.3'), opts)).toMatchObject({ code: 'not_loopback' });
    expect(tapRefusal(from('127.0.0.1'), opts)).toBeUndefined();
  });

  it('a forged release: only the page, with its token, forwards or drops a held item; a tap cannot', async () => {
    const i = await inspector();
    const tap = await knock(i, { 'x-tap-token': secretOf(i) });
    if (!('socket' in tap)) throw new Error('the tap was refused');
    const say = (m: unknown) => tap.socket.write(`${JSON.stringify(m)}\n`);
    say({ t: 'hello', command: ['server'] });
    const listed = (await i.next((e) => e.type === 'proxies' && e.proxies.length > 0)) as Extract<
      ProxyEvent,
      { type: 'proxies' }
    >;
    i.hub.setHolds(listed.proxies[0]!.id, { requests: true });
    say({ t: 'msg', from: 'host', at: 1, line: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}', hold: 1 });
    const held = (await i.next((e) => e.type === 'held')) as Extract<ProxyEvent, { type: 'held' }>;
    const control = (headers: Record<string, string>) =>
      fetch(`${i.url}/__proxy/control`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ action: 'forward', id: held.id, body: '{"injected":true}' }),
      });
    expect((await control({})).status).toBe(401);
    expect((await control({ 'x-relay-token': 'guess-0123456789abcdef' })).status).toBe(401);
    expect((await control({ 'x-relay-token': TEST_RELAY_TOKEN, origin: 'https://evil.example' })).status).toBe(403);
    // a tap's own channel has no way to decide: a decision written to the hub is ignored
    say({ t: 'decide', hold: 1, kind: 'forward', line: '{"injected":true}' });
    say({ action: 'forward', id: held.id });
    await new Promise((resolve) => setImmediate(resolve));
    expect(i.events.some((e) => e.type === 'released')).toBe(false);
    // still held: the page's own Forward (with its token) is what releases it
    expect((await control({ 'x-relay-token': TEST_RELAY_TOKEN })).status).toBe(200);
    expect(await i.next((e) => e.type === 'released')).toMatchObject({ id: held.id, end: 'forwarded', edited: true });
    tap.socket.destroy();
  });
});

describe('the tap secret', () => {
  it('is written for the user alone (0600 in a 0700 directory) and not trusted once others can read it', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'mrtr-tap-secret-')), 'runtime');
    const env = { MRTR_INSPECTOR_RUNTIME_DIR: dir };
    const { token } = writeTapToken(4321, env);
    expect(statSync(tapTokenPath(4321, env)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readTapToken(4321, env)).toEqual({ token });
    chmodSync(tapTokenPath(4321, env), 0o644);
    expect(readTapToken(4321, env)).toMatchObject({ why: expect.stringContaining('can be read by other users') });
  });

  it('replaces a file planted where it goes, never writing through it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrtr-tap-secret-'));
    chmodSync(dir, 0o700);
    const env = { MRTR_INSPECTOR_RUNTIME_DIR: dir };
    writeFileSync(tapTokenPath(4322, env), 'planted', { mode: 0o644 });
    const { token } = writeTapToken(4322, env);
    expect(readTapToken(4322, env)).toEqual({ token });
  });
});
