/**
 * The page's controls of the proxies (`/__proxy/events`, `/__proxy/control`) sit behind the relay's checks: only the
 * app's own page, with its token, may watch, hold, forward, drop, start or stop.
 */
import http from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { PROXY_CONTROL_PATH, PROXY_EVENTS_PATH, type ProxyEvent } from '../../protocol/proxy-wire.ts';
import { listen, readAll, type TestServer } from '../test-servers/listen.fixtures.ts';
import { closedAfterEach } from '../test-servers/running.fixtures.ts';
import { controlRequest, PROXY_APP_TOKEN, proxyApp, rawRequest } from './proxy.fixtures.ts';
import { TrafficHub } from './traffic-hub.ts';

const up = closedAfterEach();

async function mcpServer(): Promise<TestServer> {
  return up(
    listen(async (req, res) => {
      await readAll(req);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"jsonrpc":"2.0","id":1,"result":{}}');
    }, '/mcp'),
  );
}

/**
 * Reads the event stream (after `lastEventId`, when given) until `until` accepts an event; returns every event read,
 * and each one's id in `ids`.
 */
async function readEvents(
  a: TestServer,
  until: (e: ProxyEvent) => boolean,
  lastEventId?: string,
  ids: string[] = [],
): Promise<ProxyEvent[]> {
  const res = await fetch(`${a.origin}${PROXY_EVENTS_PATH}`, {
    method: 'POST',
    headers: { 'x-relay-token': PROXY_APP_TOKEN, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: ProxyEvent[] = [];
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return events;
    buffer += decoder.decode(value, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const lines = buffer.slice(0, cut).split('\n');
      buffer = buffer.slice(cut + 2);
      const data = lines.find((line) => line.startsWith('data: '));
      if (!data) continue;
      const event = JSON.parse(data.slice(6)) as ProxyEvent;
      events.push(event);
      ids.push(lines.find((line) => line.startsWith('id: '))?.slice(4) ?? '');
      if (until(event)) {
        await reader.cancel();
        return events;
      }
    }
  }
}

describe('the proxy controls', () => {
  it('refuse a request without the token, from another origin or under another Host', async () => {
    const a = await up(proxyApp());
    const start = { action: 'start', target: 'http://127.0.0.1:1/mcp' };
    expect((await controlRequest(a, start, {})).headers['x-relay-error']).toBe('bad_token');
    const foreign = await controlRequest(a, start, {
      'x-relay-token': PROXY_APP_TOKEN,
      origin: 'https://evil.example',
    });
    expect(foreign.headers['x-relay-error']).toBe('bad_origin');
    const rebound = await rawRequest(`${a.origin}${PROXY_CONTROL_PATH}`, {
      headers: { host: `evil.example:${a.port}`, 'x-relay-token': PROXY_APP_TOKEN },
      body: JSON.stringify(start),
    });
    expect(rebound.headers['x-relay-error']).toBe('bad_host');
    const events = await rawRequest(`${a.origin}${PROXY_EVENTS_PATH}`, { headers: { host: a.host } });
    expect([events.status, events.headers['x-relay-error']]).toEqual([401, 'bad_token']);
    expect(a.proxies.running()).toHaveLength(0);
  });

  it('refuse a malformed control and a decision on nothing held', async () => {
    const a = await up(proxyApp());
    expect((await controlRequest(a, { action: 'forward' })).headers['x-relay-error']).toBe('bad_control');
    expect((await controlRequest(a, { action: 'forward', id: 'x1', headers: [['a']] })).status).toBe(400);
    // an interim status is no answer to send a client
    const interim = await controlRequest(a, { action: 'forward', id: 'x1', status: 103 });
    expect(interim.headers['x-relay-error']).toBe('bad_control');
    expect((await controlRequest(a, { action: 'drop', id: 'x9' })).headers['x-relay-error']).toBe('not_held');
    expect((await controlRequest(a, { action: 'hold', proxyId: 'p9', requests: true })).status).toBe(404);
    const credentials = await controlRequest(a, { action: 'start', target: 'http://user:pw@127.0.0.1:1/mcp' });
    expect(credentials.headers['x-relay-error']).toBe('bad_target');
  });

  it('start a proxy for a server, stream its traffic, and hold and forward with the token', async () => {
    const a = await up(proxyApp());
    const server = await mcpServer();
    const started = await controlRequest(a, { action: 'start', target: server.url });
    const proxy = JSON.parse(started.body) as { id: string; url: string; target: string };
    expect(proxy).toMatchObject({ id: 'p1', target: server.url });
    expect(JSON.parse((await controlRequest(a, { action: 'start', target: server.url })).body)).toEqual(proxy);
    expect((await controlRequest(a, { action: 'hold', proxyId: 'p1', requests: true })).status).toBe(200);
    const answer = fetch(proxy.url, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    const events = await readEvents(a, (e) => e.type === 'held');
    const held = events.find((e) => e.type === 'held')!;
    expect(events.map((e) => e.type)).toContain('request');
    expect((await controlRequest(a, { action: 'forward', id: held.id })).status).toBe(200);
    expect((await answer).status).toBe(200);
    const after = await readEvents(a, (e) => e.type === 'response-end');
    expect(after.find((e) => e.type === 'released')).toMatchObject({ end: 'forwarded' });
  });

  it('stop a proxy: its port closes, it leaves the list, its traffic leaves the history, and it may start again', async () => {
    const a = await up(proxyApp());
    const server = await mcpServer();
    const first = JSON.parse((await controlRequest(a, { action: 'start', target: server.url })).body) as {
      url: string;
    };
    expect((await fetch(first.url, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' })).status).toBe(
      200,
    );
    await readEvents(a, (e) => e.type === 'response-end');

    expect((await controlRequest(a, { action: 'stop', proxyId: 'p1' })).status).toBe(200);
    await expect(fetch(first.url, { method: 'POST', body: '{}' })).rejects.toThrow();
    expect(a.proxies.running()).toHaveLength(0);
    expect((await controlRequest(a, { action: 'stop', proxyId: 'p1' })).headers['x-relay-error']).toBe('no_proxy');

    // a page that comes later: only the (empty) list, none of the stopped proxy's requests
    const later = await readEvents(a, (e) => e.type === 'proxies');
    expect(later).toEqual([{ type: 'proxies', proxies: [] }]);
    const again = JSON.parse((await controlRequest(a, { action: 'start', target: server.url })).body) as { id: string };
    expect(again.id).toBe('p2');
  });

  it('name each event, and resume after the Last-Event-ID a page names (from this process; else the whole history)', async () => {
    const a = await up(proxyApp());
    const { hub } = a.proxies;
    const chunk = (text: string): ProxyEvent => ({ type: 'response-chunk', id: 'x1', at: 1, text });
    hub.emit(chunk('one'));
    hub.emit(chunk('two'));
    const ids: string[] = [];
    const text = (events: ProxyEvent[]) => events.map((e) => (e.type === 'response-chunk' ? e.text : e.type));
    expect(text(await readEvents(a, (e) => e.type === 'response-chunk' && e.text === 'two', undefined, ids))).toEqual([
      'one',
      'two',
    ]);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    hub.emit(chunk('three'));
    const after = (id: string) => readEvents(a, (e) => e.type === 'response-chunk' && e.text === 'three', id);
    expect(text(await after(ids[0]!))).toEqual(['two', 'three']);
    expect(text(await after(ids[1]!))).toEqual(['three']);
    // an id of another run (a restarted inspector) or no id at all: the whole history
    const [run, n] = ids[1]!.split('.');
    expect(text(await after(`other${run}.${n}`))).toEqual(['one', 'two', 'three']);
    expect(text(await after('not an id'))).toEqual(['one', 'two', 'three']);
  });

  it('lets go of a page that stops reading once it is the bound behind: it cannot make the inspector hold more', async () => {
    const MiB = 1024 * 1024;
    const hub = new TrafficHub();
    const app = await up(proxyApp({ maxBehindBytes: 4 * MiB, hub }));
    // a page that opens the stream and then reads nothing
    let received = 0;
    let ended = false;
    const stalled = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: app.port,
          path: PROXY_EVENTS_PATH,
          method: 'POST',
          headers: { host: app.host, 'x-relay-token': PROXY_APP_TOKEN },
        },
        (res) => {
          res.pause();
          resolve(res);
        },
      );
      req.on('error', reject);
      req.end();
    });
    await vi.waitFor(() => expect(hub.subscribers()).toBe(1));
    // 30 client requests of 4 MiB each: 120 MiB the page never reads
    const body = 'x'.repeat(4 * MiB);
    for (let i = 1; i <= 30; i++)
      hub.emit({
        type: 'request',
        proxyId: 'p1',
        id: `x${i}`,
        at: 0,
        method: 'POST',
        url: 'http://t/mcp',
        headers: [],
        body,
      });
    // let go: nothing more is written for it (before, every event was queued for it: 120 MiB held in the inspector)
    expect(hub.subscribers()).toBe(0);
    stalled.on('data', (chunk: Buffer) => (received += chunk.byteLength));
    stalled.on('error', () => (ended = true));
    stalled.on('close', () => (ended = true));
    stalled.resume();
    await vi.waitFor(() => expect(ended).toBe(true));
    // what reached it: at most the bound and the event that passed it, plus what the sockets had already taken
    expect(received).toBeLessThan(4 * MiB + 4 * MiB + 16 * MiB);
  });
});
