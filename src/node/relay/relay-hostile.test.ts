/**
 * Attacks by a hostile upstream MCP server through the relay: each test plays the server's part on loopback and checks
 * that what reaches the page cannot act on the browser (sign-in box, wiped storage) or pose as the relay itself.
 */
import { describe, expect, it } from 'vitest';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { createRelayFetch, RelayError } from '../../client/relay-fetch.ts';
import { listen, readAll, type TestServer } from '../test-servers/listen.fixtures.ts';
import { closedAfterEach } from '../test-servers/running.fixtures.ts';
import { relayPost, startRelay, TOKEN } from '../test-servers/relay-servers.fixtures.ts';
import { sendLeg } from '../../client/send-leg.ts';
import { DEFAULT_MAX_RESPONSE_BYTES } from './relay.ts';
import { createManualClock } from '../clock.fixtures.ts';

const FORWARD = '/__relay/forward';
const up = closedAfterEach();

/** A server that answers every POST with `status` and `headers` and a small JSON body. */
async function hostile(status: number, headers: OutgoingHttpHeaders): Promise<TestServer> {
  return up(
    listen(async (req, res) => {
      await readAll(req);
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end('{"jsonrpc":"2.0","id":1,"result":{}}');
    }),
  );
}

async function relay(extra: Parameters<typeof startRelay>[0] = {}): Promise<TestServer> {
  return up(startRelay(extra));
}

describe('a hostile upstream through the relay', () => {
  it('cannot raise the browser sign-in box when it answers 401 with WWW-Authenticate: Basic', async () => {
    const upstream = await hostile(401, { 'www-authenticate': 'Basic realm="type your password here"' });
    const r = await relay();
    const res = await relayPost(r, FORWARD, { body: '{}', headers: { 'x-relay-target': upstream.url } });
    expect(res.status).toBe(401);
    // the browser raises its box only for a WWW-Authenticate header on the response it sees
    expect(res.headers.get('www-authenticate')).toBeNull();
    expect(res.headers.get('x-relay-upstream-www-authenticate')).toBe('Basic realm="type your password here"');
  });

  it('hands the page the challenge as the server sent it when the page reads it through relay fetch', async () => {
    const upstream = await hostile(401, { 'www-authenticate': 'Bearer resource_metadata="https://a.example/prm"' });
    const r = await relay();
    const res = await createRelayFetch({ relayBase: r.url, token: TOKEN })(upstream.url, {
      method: 'POST',
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer resource_metadata="https://a.example/prm"');
  });

  it('cannot wipe the app origin storage when it sends Clear-Site-Data', async () => {
    const upstream = await hostile(200, { 'clear-site-data': '"cache", "cookies", "storage"' });
    const r = await relay();
    const res = await relayPost(r, FORWARD, { body: '{}', headers: { 'x-relay-target': upstream.url } });
    expect(res.status).toBe(200);
    expect(res.headers.get('clear-site-data')).toBeNull();
    expect([...res.headers.keys()].filter((k) => k.includes('clear-site-data'))).toEqual([]);
  });

  it('cannot forge a relay refusal when it sends its own X-Relay-Error', async () => {
    const upstream = await hostile(200, { 'x-relay-error': 'bad_token', 'x-relay': 'forged' });
    const r = await relay();
    const raw = await relayPost(r, FORWARD, { body: '{}', headers: { 'x-relay-target': upstream.url } });
    expect(raw.headers.get('x-relay-error')).toBeNull();
    expect(raw.headers.get('x-relay')).toBe('1');

    const res = await createRelayFetch({ relayBase: r.url, token: TOKEN })(upstream.url, {
      method: 'POST',
      body: '{}',
    });
    // an answer from the server, not a RelayError; the page still sees the header as the server sent it
    expect(res.status).toBe(200);
    expect(res.headers.get('x-relay-error')).toBe('bad_token');
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('passes only allow-listed headers verbatim and renames the rest when the server sends browser-active headers', async () => {
    const upstream = await hostile(200, {
      'mcp-session-id': 's-1',
      'mcp-protocol-version': '2026-07-28',
      'cache-control': 'no-store',
      'retry-after': '5',
      'content-security-policy': "default-src 'none'",
      'access-control-allow-origin': '*',
      refresh: '0; url=https://evil.example',
      link: '<https://evil.example/x.js>; rel=preload; as=script',
      'x-upstream-thing': 'kept',
    });
    const r = await relay();
    const res = await relayPost(r, FORWARD, { body: '{}', headers: { 'x-relay-target': upstream.url } });
    for (const name of ['mcp-session-id', 'mcp-protocol-version', 'cache-control', 'retry-after', 'content-type'])
      expect(res.headers.get(name), name).not.toBeNull();
    for (const name of [
      'content-security-policy',
      'access-control-allow-origin',
      'refresh',
      'link',
      'x-upstream-thing',
    ]) {
      expect(res.headers.get(name), name).toBeNull();
      expect(res.headers.get(`x-relay-upstream-${name}`), name).not.toBeNull();
    }
  });

  it('cannot hold a stream open for ever when it trickles a byte before each idle limit', async () => {
    const clock = createManualClock(0);
    let stream: ServerResponse | undefined;
    const upstream = await up(
      listen(async (req, res) => {
        await readAll(req);
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(':\n');
        stream = res;
      }),
    );
    const r = await relay({ timeoutMs: 150, totalTimeoutMs: 500, clock });
    const res = await createRelayFetch({ relayBase: r.url, token: TOKEN })(upstream.url, {
      method: 'POST',
      body: '{}',
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe(':\n');
    // a byte every 100 ms: the idle limit (150 ms) never passes, the stream stays open up to the total limit
    for (let at = 100; at < 500; at += 100) {
      await clock.advance(100);
      stream!.write(':\n');
      expect(decoder.decode((await reader.read()).value), `at ${at} ms`).toBe(':\n');
    }
    await clock.advance(100);
    // the relay says why in a last comment, then cuts the connection (the stream does not end cleanly)
    let rest = '';
    const ending = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        rest += decoder.decode(value);
      }
    })();
    await expect(ending).rejects.toThrow();
    expect(rest).toContain('relay cut the stream: total limit of 500 ms reached');
  });

  it('refuses with a clear total-time error when the headers come after the total cap', async () => {
    const clock = createManualClock(0);
    let arrived!: () => void;
    const asked = new Promise<void>((resolve) => (arrived = resolve));
    const upstream = await up(listen(() => arrived())); // never answers
    const r = await relay({ timeoutMs: 5000, totalTimeoutMs: 200, clock });
    const answer = createRelayFetch({ relayBase: r.url, token: TOKEN })(upstream.url, {
      method: 'POST',
      body: '{}',
    }).catch((e: unknown) => e);
    await asked;
    await clock.advance(200);
    const err = await answer;
    expect(err).toBeInstanceOf(RelayError);
    expect((err as RelayError).code).toBe('upstream_total_timeout');
    expect((err as RelayError).message).toMatch(/200 ms in total/);
  });
});

describe('a response larger than the relay cap', () => {
  /** A server streaming `events` SSE events of 4 KiB each, then the response. */
  async function streaming(events: number): Promise<TestServer> {
    return up(
      listen(async (req, res) => {
        await readAll(req);
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const data = JSON.stringify({
          jsonrpc: '2.0',
          method: 'notifications/message',
          params: { data: 'x'.repeat(4096) },
        });
        for (let i = 0; i < events; i++) res.write(`data: ${data}\n\n`);
        res.end(`data: {"jsonrpc":"2.0","id":1,"result":{"content":[]}}\n\n`);
      }),
    );
  }

  it('ends a stream that grows past the cap with a comment the leg quotes, saying the cap and how to raise it', async () => {
    const upstream = await streaming(10);
    const r = await relay({ maxResponseBytes: 20_000 });
    const leg = await sendLeg({
      url: upstream.url,
      headers: [],
      body: '{}',
      rpcId: 1,
      viaRelay: true,
      fetch: createRelayFetch({ relayBase: r.url, token: TOKEN }),
    });
    expect(leg.response?.body).toContain(
      ": relay cut the stream: the response passed the relay's limit of 20000 bytes",
    );
    expect(leg.failure).toEqual({
      kind: 'stream',
      message:
        "the relay cut the stream: the response passed the relay's limit of 20000 bytes (set RELAY_MAX_RESPONSE_BYTES to raise it). The response up to that point is recorded.",
    });
  });

  it('passes a 35 MB stream whole under the default cap (the old default, 32 MiB, cut it) when nothing is configured', async () => {
    const upstream = await streaming(8_500);
    const r = await relay();
    const leg = await sendLeg({
      url: upstream.url,
      headers: [],
      body: '{}',
      rpcId: 1,
      viaRelay: true,
      fetch: createRelayFetch({ relayBase: r.url, token: TOKEN }),
    });
    expect(leg.failure).toBeUndefined();
    expect(leg.response!.size).toBeGreaterThan(32 * 1024 * 1024);
    expect(leg.response!.size).toBeLessThan(DEFAULT_MAX_RESPONSE_BYTES);
    expect(leg.response?.sseEvents).toHaveLength(8_501);
    expect(leg.message).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [] } });
  }, 30_000);
});
