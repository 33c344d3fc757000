import { describe, expect, it } from 'vitest';
import http from 'node:http';
import { closedPortUrl, listen, readAll } from '../test-servers/listen.fixtures.ts';
import { closedAfterEach } from '../test-servers/running.fixtures.ts';
import {
  relayPost,
  startEchoUpstream,
  startRelay,
  startSseUpstream,
  type SseUpstreamState,
  type Seen,
  TOKEN,
} from '../test-servers/relay-servers.fixtures.ts';
import { createRelayHandler, tokenMatches } from './relay.ts';
import { createManualClock } from '../clock.fixtures.ts';

const FORWARD = '/__relay/forward';
const up = closedAfterEach();

async function refusal(
  res: Response,
): Promise<{ status: number; code: string | undefined; relayError: string | null }> {
  const body = (await res.json()) as { error?: { code?: string; message?: string } };
  expect(body.error?.message).toBeTruthy();
  return { status: res.status, code: body.error?.code, relayError: res.headers.get('x-relay-error') };
}

describe('relay forward', () => {
  it('preserves status, headers and body bytes and filters identity headers when forwarding', async () => {
    const seen: Seen = {};
    const upstream = await up(startEchoUpstream(seen));
    const relay = await up(startRelay());
    const body = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'x' } });
    const res = await relayPost(relay, FORWARD, {
      body,
      headers: {
        'x-relay-target': `${upstream.url}/mcp?x=1`,
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'x',
        'mcp-param-region': 'eu',
        authorization: 'Bearer abc',
        'x-custom': 'kept',
        cookie: 'session=secret',
        origin: relay.url,
        referer: `${relay.url}/page`,
      },
    });
    expect(res.status).toBe(201);
    expect(res.statusText).toBe('Made');
    expect(res.headers.get('x-relay-upstream-x-upstream')).toBe('yes');
    expect(res.headers.get('x-relay-upstream-www-authenticate')).toBe('Bearer realm="x"');
    expect(res.headers.get('www-authenticate')).toBeNull();
    expect(res.headers.get('x-relay')).toBe('1');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([0, 255, 1, 254, 0x7b]);

    expect(seen.method).toBe('POST');
    expect(seen.body?.toString('utf8')).toBe(body);
    const h = seen.headers ?? {};
    expect(h).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'x',
      'mcp-param-region': 'eu',
      authorization: 'Bearer abc',
      'x-custom': 'kept',
      host: upstream.host,
    });
    for (const gone of ['cookie', 'origin', 'referer', 'x-relay-token', 'x-relay-target'])
      expect(h[gone]).toBeUndefined();
  });

  it('delivers the first SSE event before the upstream finishes when the upstream streams', async () => {
    const state: SseUpstreamState = {};
    let release!: () => void;
    // the upstream holds events 2 and 3 until the client has read event 1: a relay that buffers never gets there
    const upstream = await up(startSseUpstream(state, new Promise<void>((r) => (release = r))));
    const relay = await up(startRelay());
    const res = await relayPost(relay, FORWARD, { body: '{}', headers: { 'x-relay-target': upstream.url } });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('data: {"n":1}');
    expect(state.finished).toBeUndefined();
    release();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    expect(rest).toContain('data: {"n":3}');
    expect(state.finished).toBe(true);
  });

  it('aborts the upstream request when the browser disconnects', async () => {
    const state: SseUpstreamState = {};
    let left!: () => void;
    const clientLeft = new Promise<void>((r) => (left = r));
    const upstream = await up(startSseUpstream(state, undefined, left));
    const relay = await up(startRelay());
    const abort = new AbortController();
    const res = await relayPost(relay, FORWARD, {
      body: '{}',
      headers: { 'x-relay-target': upstream.url },
      signal: abort.signal,
    });
    await res.body!.getReader().read();
    abort.abort();
    await clientLeft; // the relay closed the upstream request (else this test times out)
    expect(state.clientLeft).toBe(true);
  });

  it('passes a 3xx through without following it when the upstream redirects', async () => {
    const upstream = await up(
      listen((_req, res) => {
        res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      }),
    );
    const relay = await up(startRelay());
    const res = await relayPost(relay, FORWARD, { body: '{}', headers: { 'x-relay-target': upstream.url } });
    expect(res.status).toBe(302);
    expect(res.headers.get('x-relay-upstream-location')).toBe('file:///etc/passwd');
    expect(res.headers.get('location')).toBeNull();
  });

  it('calls next() when the path is not a relay path', async () => {
    const relay = await up(startRelay());
    const res = await fetch(`${relay.url}/index.html`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('not the relay');
  });
});

describe('relay refusals', () => {
  it('refuses with 401 when the token is missing or wrong', async () => {
    const relay = await up(startRelay());
    const target = { 'x-relay-target': 'http://127.0.0.1:1/' };
    const wrong = await relayPost(relay, FORWARD, { body: '{}', headers: { ...target, 'x-relay-token': 'nope' } });
    expect(await refusal(wrong)).toEqual({ status: 401, code: 'bad_token', relayError: 'bad_token' });
    const missing = await fetch(`${relay.url}${FORWARD}`, { method: 'POST', headers: target, body: '{}' });
    expect((await refusal(missing)).status).toBe(401);
  });

  it('refuses with 403 when the Host header is not an app host', async () => {
    const relay = await up(startRelay());
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${relay.url}${FORWARD}`,
        { method: 'POST', headers: { host: 'evil.example:80' } },
        (res) => {
          void readAll(res).then(() => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(403);
  });

  it('refuses with 403 when the Origin is not the app origin', async () => {
    const relay = await up(startRelay());
    const res = await relayPost(relay, FORWARD, { body: '{}', headers: { origin: 'https://evil.example' } });
    expect(await refusal(res)).toMatchObject({ status: 403, code: 'bad_origin' });
  });

  it('refuses with 405 when the method is not POST', async () => {
    const relay = await up(startRelay());
    const res = await relayPost(relay, FORWARD, { method: 'GET' });
    expect(await refusal(res)).toMatchObject({ status: 405, code: 'method_not_allowed' });
  });

  it('refuses with 400 when the target is not http(s) or does not parse', async () => {
    const relay = await up(startRelay());
    for (const target of ['file:///etc/passwd', 'not a url', 'http://user:pw@127.0.0.1/']) {
      const res = await relayPost(relay, FORWARD, { body: '{}', headers: { 'x-relay-target': target } });
      expect(await refusal(res)).toMatchObject({ status: 400, code: 'bad_target' });
    }
  });

  it('refuses with 413 when the request body is over maxBodyBytes', async () => {
    const relay = await up(startRelay({ maxBodyBytes: 1000 }));
    const res = await relayPost(relay, FORWARD, {
      body: 'x'.repeat(2000),
      headers: { 'x-relay-target': 'http://127.0.0.1:1/' },
    });
    expect(await refusal(res)).toMatchObject({ status: 413, code: 'body_too_large' });
  });

  it('refuses with 413 when a chunked body without Content-Length grows past maxBodyBytes', async () => {
    const relay = await up(startRelay({ maxBodyBytes: 1000 }));
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${relay.url}${FORWARD}`,
        { method: 'POST', headers: { 'x-relay-token': TOKEN, 'x-relay-target': 'http://127.0.0.1:9/' } },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on('error', reject);
      for (let i = 0; i < 4; i++) req.write('y'.repeat(400));
      req.end();
    });
    expect(status).toBe(413);
  });

  it('refuses with 504 when the upstream does not answer within timeoutMs', async () => {
    const clock = createManualClock(0);
    let arrived!: () => void;
    const asked = new Promise<void>((resolve) => (arrived = resolve));
    const upstream = await up(listen(() => arrived())); // never answers
    const relay = await up(startRelay({ timeoutMs: 200, clock }));
    const answer = relayPost(relay, FORWARD, { body: '{}', headers: { 'x-relay-target': upstream.url } });
    await asked;
    await clock.advance(199);
    await clock.advance(1);
    expect(await refusal(await answer)).toMatchObject({ status: 504, code: 'upstream_timeout' });
  });

  it('answers 502 with the network code when the upstream is unreachable', async () => {
    const relay = await up(startRelay());
    const res = await relayPost(relay, FORWARD, { body: '{}', headers: { 'x-relay-target': await closedPortUrl() } });
    expect(await refusal(res)).toMatchObject({ status: 502, code: 'ECONNREFUSED' });
  });

  it('refuses with 403 when the connection did not arrive on a loopback address', async () => {
    // Simulated: the socket's local address is overridden, as if the server were bound to a LAN interface.
    const relay = await up(
      startRelay({}, (req) => Object.defineProperty(req.socket, 'localAddress', { value: '192.168.1.20' })),
    );
    const res = await relayPost(relay, FORWARD, { body: '{}', headers: { 'x-relay-target': 'http://127.0.0.1:1/' } });
    expect(await refusal(res)).toMatchObject({ status: 403, code: 'not_loopback' });
  });

  it('refuses to build a relay when the token is too short', () => {
    expect(() => createRelayHandler({ token: 'short', appHosts: () => [] })).toThrow(/token/);
  });

  it('compares tokens correctly when lengths differ', () => {
    expect(tokenMatches('abcdefghijklmnop', 'abcdefghijklmnop')).toBe(true);
    expect(tokenMatches('abcdefghijklmnop', 'abc')).toBe(false);
    expect(tokenMatches('abcdefghijklmnop', undefined)).toBe(false);
  });
});
