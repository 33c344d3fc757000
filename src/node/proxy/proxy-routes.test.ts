/**
 * The page's controls of the proxies (`/__proxy/events`, `/__proxy/control`) sit behind the relay's checks: only the
 * app's own page, with its token, may watch, hold, forward, drop or start.
 */
import { describe, expect, it } from 'vitest';
import { PROXY_CONTROL_PATH, PROXY_EVENTS_PATH, type ProxyEvent } from '../../protocol/proxy-wire.ts';
import { listen, readAll, type TestServer } from '../test-servers/listen.fixtures.ts';
import { closedAfterEach } from '../test-servers/running.fixtures.ts';
import { createProxyRoutes } from './proxy-routes.ts';
import { createProxySet, type ProxySet } from './proxy-set.ts';
import { rawRequest } from './proxy.fixtures.ts';

const TOKEN = 'proxy-test-token-0123456789';
const up = closedAfterEach();

async function app(): Promise<TestServer & { proxies: ProxySet }> {
  let host = '';
  const proxies = createProxySet();
  const routes = createProxyRoutes({ token: TOKEN, appHosts: () => [host], proxies });
  const server = await listen((req, res) => routes(req, res, () => res.writeHead(404).end()));
  host = server.host;
  return {
    ...server,
    proxies,
    close: async () => {
      await proxies.close();
      await server.close();
    },
  };
}

async function mcpServer(): Promise<TestServer> {
  return up(
    listen(async (req, res) => {
      await readAll(req);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"jsonrpc":"2.0","id":1,"result":{}}');
    }, '/mcp'),
  );
}

function control(a: TestServer, body: unknown, headers: Record<string, string> = { 'x-relay-token': TOKEN }) {
  return rawRequest(`${a.origin}${PROXY_CONTROL_PATH}`, {
    headers: { host: a.host, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Reads the event stream until `until` accepts an event; returns every event read. */
async function readEvents(a: TestServer, until: (e: ProxyEvent) => boolean): Promise<ProxyEvent[]> {
  const res = await fetch(`${a.origin}${PROXY_EVENTS_PATH}`, { method: 'POST', headers: { 'x-relay-token': TOKEN } });
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
      const line = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      if (!line.startsWith('data: ')) continue;
      const event = JSON.parse(line.slice(6)) as ProxyEvent;
      events.push(event);
      if (until(event)) {
        await reader.cancel();
        return events;
      }
    }
  }
}

describe('the proxy controls', () => {
  it('refuse a request without the token, from another origin or under another Host', async () => {
    const a = await up(app());
    const start = { action: 'start', target: 'http://127.0.0.1:1/mcp' };
    expect((await control(a, start, {})).headers['x-relay-error']).toBe('bad_token');
    const foreign = await control(a, start, { 'x-relay-token': TOKEN, origin: 'https://evil.example' });
    expect(foreign.headers['x-relay-error']).toBe('bad_origin');
    const rebound = await rawRequest(`${a.origin}${PROXY_CONTROL_PATH}`, {
      headers: { host: `evil.example:${a.port}`, 'x-relay-token': TOKEN },
      body: JSON.stringify(start),
    });
    expect(rebound.headers['x-relay-error']).toBe('bad_host');
    const events = await rawRequest(`${a.origin}${PROXY_EVENTS_PATH}`, { headers: { host: a.host } });
    expect([events.status, events.headers['x-relay-error']]).toEqual([401, 'bad_token']);
    expect(a.proxies.running()).toHaveLength(0);
  });

  it('refuse a malformed control and a decision on nothing held', async () => {
    const a = await up(app());
    expect((await control(a, { action: 'forward' })).headers['x-relay-error']).toBe('bad_control');
    expect((await control(a, { action: 'forward', id: 'x1', headers: [['a']] })).status).toBe(400);
    expect((await control(a, { action: 'drop', id: 'x9' })).headers['x-relay-error']).toBe('not_held');
    expect((await control(a, { action: 'hold', proxyId: 'p9', requests: true })).status).toBe(404);
    const credentials = await control(a, { action: 'start', target: 'http://user:pw@127.0.0.1:1/mcp' });
    expect(credentials.headers['x-relay-error']).toBe('bad_target');
  });

  it('start a proxy for a server, stream its traffic, and hold and forward with the token', async () => {
    const a = await up(app());
    const server = await mcpServer();
    const started = await control(a, { action: 'start', target: server.url });
    const proxy = JSON.parse(started.body) as { id: string; url: string; target: string };
    expect(proxy).toMatchObject({ id: 'p1', target: server.url });
    expect(JSON.parse((await control(a, { action: 'start', target: server.url })).body)).toEqual(proxy);
    expect((await control(a, { action: 'hold', proxyId: 'p1', requests: true })).status).toBe(200);
    const answer = fetch(proxy.url, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    const events = await readEvents(a, (e) => e.type === 'held');
    const held = events.find((e) => e.type === 'held')!;
    expect(events.map((e) => e.type)).toContain('request');
    expect((await control(a, { action: 'forward', id: held.id })).status).toBe(200);
    expect((await answer).status).toBe(200);
    const after = await readEvents(a, (e) => e.type === 'response-end');
    expect(after.find((e) => e.type === 'released')).toMatchObject({ end: 'forwarded' });
  });
});
