/**
 * The proxy is a new door into the user's machine: each test plays an attacker (another machine, a web page, a DNS
 * rebinding page, a client naming another target, a huge body, a stalling or flooding server, a page stopping it)
 * and checks the proxy's refusal, and that nothing reached the server.
 */
import http, { type IncomingMessage } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from '../clock.fixtures.ts';
import { listen, readAll, type TestServer } from '../test-servers/listen.fixtures.ts';
import { closedAfterEach } from '../test-servers/running.fixtures.ts';
import { guardProxyRequest } from './proxy-guard.ts';
import { createProxySet } from './proxy-set.ts';
import { controlRequest, PROXY_APP_TOKEN, proxyApp, proxyFor, rawRequest } from './proxy.fixtures.ts';

const up = closedAfterEach();

/** Counts what reaches it; answers every request with a small JSON body. */
async function countingServer(hits: string[]): Promise<TestServer> {
  return up(
    listen(async (req, res) => {
      hits.push(`${req.method} ${req.url}`);
      await readAll(req);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"jsonrpc":"2.0","id":1,"result":{}}');
    }, '/mcp'),
  );
}

function code(answer: { headers: Record<string, unknown> }): unknown {
  return answer.headers['x-proxy-error'];
}

describe('the proxy refuses', () => {
  it('a connection that did not arrive on a loopback address', () => {
    const req = {
      socket: { localAddress: '192.168.1.20' },
      headers: { host: '127.0.0.1:1' },
      method: 'POST',
      url: '/mcp',
    } as unknown as IncomingMessage;
    expect(() => guardProxyRequest(req, ['127.0.0.1:1'], '/mcp')).toThrow(
      expect.objectContaining({ status: 403, code: 'not_loopback' }),
    );
  });

  it('listens on 127.0.0.1 only', async () => {
    const p = await up(proxyFor('http://127.0.0.1:1/mcp'));
    expect(new URL(p.url).hostname).toBe('127.0.0.1');
  });

  it('a request whose Host is not its loopback address (DNS rebinding)', async () => {
    const hits: string[] = [];
    const p = await up(proxyFor((await countingServer(hits)).url));
    const res = await rawRequest(p.url, { headers: { host: `evil.example:${p.port}` }, body: '{}' });
    expect([res.status, code(res)]).toEqual([403, 'bad_host']);
    expect(hits).toEqual([]);
    expect(p.hub.list()[0]!.counts.refused).toBe(1);
  });

  it('a request from a browser page, even one on loopback (Origin), or a cross-site fetch without one', async () => {
    const hits: string[] = [];
    const p = await up(proxyFor((await countingServer(hits)).url));
    for (const origin of ['https://evil.example', 'http://127.0.0.1:5173', 'null']) {
      const res = await rawRequest(p.url, { headers: { host: p.host, origin }, body: '{}' });
      expect([res.status, code(res)], origin).toEqual([403, 'bad_origin']);
    }
    const noCors = await rawRequest(p.url, { headers: { host: p.host, 'sec-fetch-site': 'cross-site' }, body: '{}' });
    expect([noCors.status, code(noCors)]).toEqual([403, 'bad_origin']);
    expect(hits).toEqual([]);
  });

  it('to go anywhere but its one target: another path, an absolute URI or a target header change nothing', async () => {
    const hits: string[] = [];
    const p = await up(proxyFor((await countingServer(hits)).url));
    const other = await rawRequest(p.url, { path: '/admin', headers: { host: p.host }, body: '{}' });
    expect([other.status, code(other)]).toEqual([404, 'not_found']);
    const absolute = await rawRequest(p.url, {
      path: 'http://169.254.169.254/mcp',
      headers: { host: p.host },
      body: '{}',
    });
    expect([absolute.status, code(absolute)]).toEqual([404, 'not_found']);
    const named = await rawRequest(p.url, {
      headers: { host: p.host, 'x-relay-target': 'http://169.254.169.254/latest', 'x-forwarded-host': 'evil' },
      body: '{}',
    });
    expect(named.status).toBe(200);
    expect(hits).toEqual(['POST /mcp']);
  });

  it('methods MCP does not use (a CORS preflight included)', async () => {
    const hits: string[] = [];
    const p = await up(proxyFor((await countingServer(hits)).url));
    for (const method of ['OPTIONS', 'PUT', 'PATCH', 'TRACE']) {
      const res = await rawRequest(p.url, { method, headers: { host: p.host } });
      expect([res.status, code(res)], method).toEqual([405, 'method_not_allowed']);
    }
    expect(hits).toEqual([]);
  });

  it('a request body over its size limit', async () => {
    const hits: string[] = [];
    const p = await up(proxyFor((await countingServer(hits)).url, { limits: { maxBodyBytes: 1024 } }));
    const res = await rawRequest(p.url, { headers: { host: p.host }, body: 'x'.repeat(2048) });
    expect([res.status, code(res)]).toEqual([413, 'body_too_large']);
    expect(hits).toEqual([]);
  });

  it('a chunked request body (no Content-Length) that passes the limit as it streams: 413, not a reset', async () => {
    const hits: string[] = [];
    const p = await up(proxyFor((await countingServer(hits)).url));
    const answer = await new Promise<{ status: number; code: unknown; body: string }>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: p.port, path: '/mcp', method: 'POST', headers: { host: p.host } },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, code: res.headers['x-proxy-error'], body }));
        },
      );
      req.on('error', reject);
      // 6 MiB in 64 KiB chunks, chunked (no length declared): past the 4 MiB default as it streams
      const chunk = 'x'.repeat(64 * 1024);
      let left = 96;
      const more = (): void => {
        while (left > 0) {
          left--;
          if (!req.write(chunk)) return void req.once('drain', more);
        }
        req.end();
      };
      more();
    });
    expect([answer.status, answer.code]).toEqual([413, 'body_too_large']);
    expect(answer.body).toContain('exceeds the proxy limit of 4194304 bytes');
    expect(hits).toEqual([]);
  });

  it('to pass back more than its response limit: the stream is cut and the page told why', async () => {
    const server = await up(
      listen(async (req, res) => {
        await readAll(req);
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (let i = 0; i < 8; i++) res.write(`data: ${'y'.repeat(1000)}\n\n`);
        res.end();
      }, '/mcp'),
    );
    const p = await up(proxyFor(server.url, { limits: { maxResponseBytes: 3000 } }));
    await fetch(p.url, { method: 'POST', body: '{}' })
      .then((r) => r.text())
      .catch(() => undefined);
    expect((await p.next('response-end')).failure).toMatch(/limit of 3000 bytes/);
  });

  it('to wait for ever on a server that never answers (total limit)', async () => {
    const clock = createManualClock(0);
    const server = await up(listen(() => undefined, '/mcp'));
    const p = await up(proxyFor(server.url, { clock, limits: { timeoutMs: 100, totalTimeoutMs: 1000 } }));
    const answer = rawRequest(p.url, { headers: { host: p.host }, body: '{}' });
    // only the total limit counts before the answer's head (a server may think long before answering)
    await vi.waitFor(() => expect(clock.sleeping).toBe(1));
    await clock.advance(999);
    expect(p.events.some((e) => e.type === 'response-end')).toBe(false);
    await clock.advance(1);
    const res = await answer;
    expect([res.status, code(res)]).toEqual([504, 'upstream_timeout']);
    expect(res.body).toMatch(/total limit of 1000 ms/);
  });

  it('lets a server think past the idle limit before it answers, and an SSE answer run past the total limit', async () => {
    const clock = createManualClock(0);
    const waiting = new Set<() => void>();
    const server = await up(
      listen(async (req, res) => {
        await readAll(req);
        // each answer waits for the test to let it go
        await new Promise<void>((resolve) => waiting.add(resolve));
        if (req.headers.accept === 'text/event-stream') {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write(': open\n\n');
          for (let i = 0; i < 12; i++) {
            await new Promise<void>((resolve) => waiting.add(resolve));
            res.write(': keep-alive\n\n');
          }
          res.end('data: {"jsonrpc":"2.0","id":1,"result":{}}\n\n');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"jsonrpc":"2.0","id":1,"result":{}}');
      }, '/mcp'),
    );
    const release = () => {
      for (const go of [...waiting]) {
        waiting.delete(go);
        go();
      }
    };
    const p = await up(proxyFor(server.url, { clock, limits: { timeoutMs: 100, totalTimeoutMs: 1000 } }));
    // a JSON answer 500 ms in coming: five idle limits, one total
    const json = rawRequest(p.url, { headers: { host: p.host }, body: '{}' });
    await vi.waitFor(() => expect(waiting.size).toBe(1));
    await clock.advance(500);
    release();
    expect((await json).status).toBe(200);
    // an SSE answer with a keep-alive every 90 ms, 1080 ms in all: past the total limit, never idle
    const sse = rawRequest(p.url, { headers: { host: p.host, accept: 'text/event-stream' }, body: '{}' });
    await vi.waitFor(() => expect(waiting.size).toBe(1));
    release();
    for (let i = 0; i < 12; i++) {
      await vi.waitFor(() => expect(waiting.size).toBe(1));
      await clock.advance(90);
      release();
    }
    const streamed = await sse;
    expect(streamed.body).toContain('"result"');
    const ends = p.events.filter((e) => e.type === 'response-end');
    expect(ends.map((e) => e.failure)).toEqual([undefined, undefined]);
  });

  it("to open a second 2025-11-25 session on a stdio server's one process: initialize and GET refused, 2026 passes", async () => {
    const hits: string[] = [];
    const server = await countingServer(hits);
    // what a proxy for a CLI stdio endpoint is: reached in-process, one session for everyone
    const p = await up(proxyFor(server.url, { fetchImpl: fetch, oneSession: true }));
    const post = (body: string) =>
      rawRequest(p.url, { headers: { host: p.host, 'content-type': 'application/json' }, body });
    const initialize = await post('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}');
    expect([initialize.status, code(initialize)]).toEqual([409, 'stdio_one_session']);
    expect(initialize.body).toMatch(/one process with one 2025-11-25 session/);
    const stream = await rawRequest(p.url, { method: 'GET', headers: { host: p.host } });
    expect([stream.status, code(stream)]).toEqual([409, 'stdio_one_session']);
    expect(hits).toEqual([]);
    // a 2026-07-28 call has no session to take: it goes on
    const call = await post('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"a"}}');
    expect(call.status).toBe(200);
    expect(hits).toEqual(['POST /mcp']);
    // the proxies of the inspector's process treat every target they reach in-process so
    const set = createProxySet({ fetchFor: () => fetch });
    const started = await set.start(server.url);
    const host = new URL(started.url).host;
    const viaSet = await rawRequest(started.url, { method: 'GET', headers: { host } });
    await set.close();
    expect(code(viaSet)).toBe('stdio_one_session');
  });

  it('to be stopped by anyone but the page: no token, a foreign origin or another Host leave it running', async () => {
    const a = await up(proxyApp());
    const p = await a.proxies.start((await countingServer([])).url);
    const stop = { action: 'stop', proxyId: p.id };
    expect((await controlRequest(a, stop, {})).headers['x-relay-error']).toBe('bad_token');
    expect((await controlRequest(a, stop, { 'x-relay-token': 'guess' })).headers['x-relay-error']).toBe('bad_token');
    const foreign = await controlRequest(a, stop, { 'x-relay-token': PROXY_APP_TOKEN, origin: 'https://evil.example' });
    expect(foreign.headers['x-relay-error']).toBe('bad_origin');
    const rebound = await controlRequest(a, stop, { 'x-relay-token': PROXY_APP_TOKEN, host: `evil.example:${a.port}` });
    expect(rebound.headers['x-relay-error']).toBe('bad_host');
    expect(a.proxies.running()).toHaveLength(1);
    expect((await fetch(p.url, { method: 'POST', body: '{}' })).status).toBe(200);
  });
});
