/**
 * The proxy between a real client and a real server: what passes through unchanged, what the page is told as it
 * happens, and what a held request or answer does. Each test plays both peers on loopback.
 */
import { describe, expect, it } from 'vitest';
import { listen, readAll, type TestServer } from '../test-servers/listen.fixtures.ts';
import { closedAfterEach } from '../test-servers/running.fixtures.ts';
import { DROPPED_CODE } from '../../protocol/proxy-wire.ts';
import { proxyFor, rawRequest } from './proxy.fixtures.ts';

const up = closedAfterEach();
const CALL = '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"greet"}}';

interface Seen {
  method?: string;
  headers?: Record<string, string | string[] | undefined>;
  body?: string;
  url?: string;
}

/** Answers every request with JSON that echoes the body's id, and records what it got. */
async function jsonServer(seen: Seen[] = []): Promise<TestServer> {
  return up(
    listen(async (req, res) => {
      const body = (await readAll(req)).toString('utf8');
      seen.push({ method: req.method, headers: req.headers, body, url: req.url });
      const answer = JSON.stringify({ jsonrpc: '2.0', id: 7, result: { resultType: 'complete', content: [] } });
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(answer),
        'set-cookie': 'a=1',
        'mcp-session-id': 's-1',
      });
      res.end(answer);
    }, '/mcp'),
  );
}

describe('the proxy', () => {
  it('forwards a request unchanged, secrets included, and passes the answer back with its headers', async () => {
    const seen: Seen[] = [];
    const server = await jsonServer(seen);
    const p = await up(proxyFor(`${server.url}?tenant=a`));
    expect(p.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\?tenant=a$/);
    const res = await fetch(p.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer sk-live-123',
        'mcp-method': 'tools/call',
        'x-api-key': 'k1',
      },
      body: CALL,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBe('a=1');
    expect(res.headers.get('mcp-session-id')).toBe('s-1');
    // the server's plain length passes on, so the answer is not re-chunked
    const text = await res.text();
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(res.headers.get('transfer-encoding')).toBeNull();
    expect(JSON.parse(text)).toMatchObject({ id: 7, result: { resultType: 'complete' } });
    expect(seen[0]).toMatchObject({ method: 'POST', body: CALL, url: '/mcp?tenant=a' });
    expect(seen[0]!.headers).toMatchObject({
      authorization: 'Bearer sk-live-123',
      'mcp-method': 'tools/call',
      'x-api-key': 'k1',
      host: server.host,
    });
  });

  it('tells the page the request, the answer head, its body and its end, in order', async () => {
    const server = await jsonServer();
    const p = await up(proxyFor(server.url));
    await fetch(p.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: CALL });
    await p.next('response-end');
    const types = p.events.filter((e) => e.type !== 'proxies').map((e) => e.type);
    expect(types).toEqual(['request', 'response-head', 'response-chunk', 'response-end']);
    const request = await p.next('request');
    expect(request).toMatchObject({ proxyId: 'p1', method: 'POST', url: server.url, body: CALL });
    expect(request.headers).toContainEqual(['content-type', 'application/json']);
    expect(await p.next('response-head')).toMatchObject({ status: 200 });
    expect((await p.next('response-end')).failure).toBeUndefined();
    expect(p.hub.list()[0]!.counts).toEqual({ requests: 1, responses: 1, refused: 0 });
  });

  it('passes each SSE event to the client and the page before the stream ends', async () => {
    let finish!: () => void;
    const ended = new Promise<void>((resolve) => (finish = resolve));
    const server = await up(
      listen(async (req, res) => {
        await readAll(req);
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress"}\n\n');
        await ended;
        res.end('event: message\ndata: {"jsonrpc":"2.0","id":7,"result":{}}\n\n');
      }, '/mcp'),
    );
    const p = await up(proxyFor(server.url));
    const res = await fetch(p.url, { method: 'POST', body: CALL });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('notifications/progress');
    expect((await p.next('response-chunk')).text).toContain('notifications/progress');
    finish();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    expect(rest).toContain('"id":7');
    await p.next('response-end');
  });

  it("passes a 2025-11-25 session's GET stream and DELETE through with their session header", async () => {
    const seen: Seen[] = [];
    const server = await jsonServer(seen);
    const p = await up(proxyFor(server.url));
    await fetch(p.url, { headers: { 'mcp-session-id': 's-1', accept: 'text/event-stream' } });
    await fetch(p.url, { method: 'DELETE', headers: { 'mcp-session-id': 's-1' } });
    expect(seen.map((s) => [s.method, s.headers?.['mcp-session-id'], s.body])).toEqual([
      ['GET', 's-1', ''],
      ['DELETE', 's-1', ''],
    ]);
  });

  it('holds a request until Forward, and sends the edited body when the user changed it', async () => {
    const seen: Seen[] = [];
    const server = await jsonServer(seen);
    const p = await up(proxyFor(server.url));
    p.hub.setHolds('p1', { requests: true });
    const answer = fetch(p.url, { method: 'POST', body: CALL });
    const held = await p.next('held');
    expect(held).toMatchObject({ stage: 'request', body: CALL });
    expect(seen).toHaveLength(0);
    const edited = CALL.replace('greet', 'wave');
    expect(p.hub.decide(held.id, { kind: 'forward', body: edited })).toBe(true);
    expect((await answer).status).toBe(200);
    expect(seen[0]!.body).toBe(edited);
    expect(await p.next('released')).toMatchObject({ end: 'forwarded', edited: true });
    expect((await p.next('request-sent')).body).toBe(edited);
  });

  it('answers a dropped request with a JSON-RPC error naming the inspector, and sends nothing', async () => {
    const seen: Seen[] = [];
    const server = await jsonServer(seen);
    const p = await up(proxyFor(server.url));
    p.hub.setHolds('p1', { requests: true });
    const answer = fetch(p.url, { method: 'POST', body: CALL });
    const held = await p.next('held');
    p.hub.decide(held.id, { kind: 'drop' });
    const body = (await (await answer).json()) as { id: number; error: { code: number; message: string } };
    expect(body.id).toBe(7);
    // outside JSON-RPC's reserved -32768..-32000 (an SDK reads -32000 as its own "connection closed"), and said to be
    // the inspector's, not the server's
    expect(body.error.code).toBe(DROPPED_CODE);
    expect(body.error.code < -32768 || body.error.code > -32000).toBe(true);
    expect(body.error).toMatchObject({ data: { source: 'mrtr-inspector', dropped: 'request' } });
    expect(body.error.message).toMatch(/Dropped by the MRTR Inspector/);
    expect(seen).toHaveLength(0);
    expect((await p.next('response-end')).failure).toMatch(/dropped/);
  });

  it("answers a dropped answer POST (the client's reply to a server's request) with HTTP 503, not a JSON-RPC error under the server's id", async () => {
    const seen: Seen[] = [];
    const server = await jsonServer(seen);
    const p = await up(proxyFor(server.url));
    p.hub.setHolds('p1', { requests: true });
    // the server asked with id 7; the client's own call may well be 7 too
    const reply = JSON.stringify({ jsonrpc: '2.0', id: 7, result: { action: 'accept', content: { name: 'x' } } });
    const answer = fetch(p.url, { method: 'POST', body: reply });
    const held = await p.next('held');
    p.hub.decide(held.id, { kind: 'drop' });
    const res = await answer;
    expect(res.status).toBe(503);
    expect(res.headers.get('x-proxy-error')).toBe('dropped');
    expect(await res.text()).toMatch(/Dropped by the MRTR Inspector: the user chose Drop on the held request/);
    expect(seen).toHaveLength(0);
    expect((await p.next('response-end')).failure).toMatch(/dropped/);
  });

  it('says so when the client gives up on a held request', async () => {
    const server = await jsonServer();
    const p = await up(proxyFor(server.url));
    p.hub.setHolds('p1', { requests: true });
    const stop = new AbortController();
    const answer = fetch(p.url, { method: 'POST', body: CALL, signal: stop.signal }).catch(() => 'aborted');
    await p.next('held');
    stop.abort();
    expect(await answer).toBe('aborted');
    expect(await p.next('released')).toMatchObject({ end: 'client-gone' });
    expect((await p.next('response-end')).failure).toMatch(/stopped waiting/);
  });

  it("holds the server's answer and hands the client the edited one", async () => {
    const server = await jsonServer();
    const p = await up(proxyFor(server.url));
    p.hub.setHolds('p1', { responses: true });
    const answer = fetch(p.url, { method: 'POST', body: CALL });
    const held = await p.next('held');
    expect(held).toMatchObject({ stage: 'response', status: 200 });
    expect(held.body).toContain('"resultType":"complete"');
    p.hub.decide(held.id, { kind: 'forward', body: held.body.replace('complete', 'input_required') });
    const res = await answer;
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(((await res.json()) as { result: { resultType: string } }).result.resultType).toBe('input_required');
  });

  it('sends a held answer edited to a 204 or 304 with no body and no length', async () => {
    const server = await jsonServer();
    const p = await up(proxyFor(server.url));
    p.hub.setHolds('p1', { responses: true });
    for (const status of [204, 304]) {
      const answer = rawRequest(p.url, { headers: { host: p.host, 'content-type': 'application/json' }, body: CALL });
      const held = await p.next('held', (e) => !p.events.some((r) => r.type === 'released' && r.id === e.id));
      p.hub.decide(held.id, { kind: 'forward', status });
      const res = await answer;
      expect([res.status, res.headers['content-length'], res.body]).toEqual([status, undefined, '']);
    }
  });

  it('passes a reply with no body straight through while holding answers: a 202, a 204, a Content-Length of 0', async () => {
    // what a server answers a notification or a client's answer with (202), an empty 204, and a declared empty 200
    const replies: Record<string, [number, Record<string, string>]> = {
      '/202': [202, {}],
      '/204': [204, {}],
      '/empty': [200, { 'content-type': 'application/json', 'content-length': '0' }],
    };
    const server = await up(
      listen(async (req, res) => {
        await readAll(req);
        const [status, headers] = replies[req.url ?? ''] ?? [404, {}];
        res.writeHead(status, headers).end();
      }, '/'),
    );
    for (const path of Object.keys(replies)) {
      const p = await up(proxyFor(new URL(path, server.url).href));
      p.hub.setHolds('p1', { responses: true });
      const res = await fetch(p.url, {
        method: 'POST',
        body: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      });
      expect(res.status, path).toBe(replies[path]![0]);
      expect(await res.text(), path).toBe('');
      expect((await p.next('response-end')).failure, path).toBeUndefined();
      expect(
        p.events.filter((e) => e.type === 'held'),
        path,
      ).toEqual([]);
    }
  });
});
