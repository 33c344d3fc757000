import { describe, expect, it } from 'vitest';
import { listen } from '../test-servers/listen.fixtures.ts';
import { closedAfterEach } from '../test-servers/running.fixtures.ts';
import { relayPost, startEchoUpstream, startRelay, type Seen } from '../test-servers/relay-servers.fixtures.ts';

const FORWARD = '/__relay/forward';
const up = closedAfterEach();

describe('relay: authorization metadata GET', () => {
  it('forwards a GET with only Accept when the page asks with X-Relay-Method: GET', async () => {
    const seen: Seen = {};
    const upstream = await up(startEchoUpstream(seen));
    const relay = await up(startRelay());
    const res = await relayPost(relay, FORWARD, {
      headers: {
        'x-relay-target': `${upstream.url}/.well-known/oauth-protected-resource/mcp`,
        'x-relay-method': 'GET',
        accept: 'application/json',
        authorization: 'Bearer must-not-leak',
        cookie: 'c=1',
        'x-custom': 'dropped',
      },
    });
    expect(res.status).toBe(201);
    expect(seen.method).toBe('GET');
    expect(seen.headers?.authorization).toBeUndefined();
    expect(seen.headers?.cookie).toBeUndefined();
    expect(seen.headers?.['x-custom']).toBeUndefined();
    expect(seen.headers?.accept).toBe('application/json');
  });
  it('refuses a relayed GET that carries a body, and any other method', async () => {
    const seen: Seen = {};
    const upstream = await up(startEchoUpstream(seen));
    const relay = await up(startRelay());
    const withBody = await relayPost(relay, FORWARD, {
      body: 'x',
      headers: { 'x-relay-target': `${upstream.url}/m`, 'x-relay-method': 'GET' },
    });
    expect(withBody.status).toBe(400);
    expect(withBody.headers.get('x-relay-error')).toBe('bad_request');
    const del = await relayPost(relay, FORWARD, {
      headers: { 'x-relay-target': `${upstream.url}/m`, 'x-relay-method': 'DELETE' },
    });
    expect(del.headers.get('x-relay-error')).toBe('bad_method');
    expect(seen.method).toBeUndefined();
  });
  it('cuts a metadata response over 1 MiB', async () => {
    const upstream = await up(
      listen((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) });
        res.end('x'.repeat(2 * 1024 * 1024));
      }),
    );
    const relay = await up(startRelay());
    const res = await relayPost(relay, FORWARD, {
      headers: { 'x-relay-target': `${upstream.url}/big`, 'x-relay-method': 'GET' },
    });
    expect(res.status).toBe(502);
    expect(res.headers.get('x-relay-error')).toBe('response_too_large');
  });
  it('still refuses a relayed GET without the token', async () => {
    const relay = await up(startRelay());
    const res = await relayPost(relay, FORWARD, {
      headers: {
        'x-relay-token': 'wrong-token-of-enough-length',
        'x-relay-target': 'http://127.0.0.1:9/m',
        'x-relay-method': 'GET',
      },
    });
    expect(res.status).toBe(401);
  });
});

describe('relay: a 2025-11-25 session GET and DELETE (X-Relay-Mcp: session)', () => {
  it('forwards them with the session headers when the page names the method and the session', async () => {
    const seen: Seen = {};
    const upstream = await up(startEchoUpstream(seen));
    const relay = await up(startRelay());
    const session = { 'x-relay-target': `${upstream.url}/mcp`, 'x-relay-mcp': 'session' };
    await relayPost(relay, FORWARD, {
      headers: { ...session, 'x-relay-method': 'GET', 'mcp-session-id': 's-1', 'last-event-id': 'e-7' },
    });
    expect(seen.method).toBe('GET');
    expect(seen.headers?.['mcp-session-id']).toBe('s-1');
    expect(seen.headers?.['last-event-id']).toBe('e-7');
    expect(seen.headers?.['x-relay-mcp']).toBeUndefined();
    await relayPost(relay, FORWARD, { headers: { ...session, 'x-relay-method': 'DELETE', 'mcp-session-id': 's-1' } });
    expect(seen.method).toBe('DELETE');
    expect(seen.headers?.['mcp-session-id']).toBe('s-1');
  });
});
