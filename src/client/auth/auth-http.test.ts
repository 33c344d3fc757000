import { describe, expect, it } from 'vitest';
import { createAuthHttp } from './auth-http.ts';

type Call = { url: string; init: RequestInit };

function fakeFetch(corsOrigins: string[]) {
  const calls: Call[] = [];
  const f = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = String(input);
    calls.push({ url, init });
    if (url.startsWith('/__relay/')) return new Response('{"ok":1}', { status: 200, headers: { 'x-relay': '1' } });
    if (!corsOrigins.some((o) => url.startsWith(o))) throw new TypeError('Failed to fetch');
    return new Response('{"ok":1}', { status: 200 });
  };
  return { f: f as typeof fetch, calls };
}

describe('createAuthHttp', () => {
  it('goes direct when the server allows it', async () => {
    const { f, calls } = fakeFetch(['http://as']);
    const http = createAuthHttp({ relayToken: 't'.repeat(20), preferRelay: false, baseFetch: f });
    const r = await http({ method: 'GET', url: 'http://as/.well-known/x', headers: [] });
    expect(r.via).toBe('direct');
    expect(calls).toHaveLength(1);
  });
  it("falls back to the relay for a GET the browser could not read, then relays that origin's POSTs", async () => {
    const { f, calls } = fakeFetch([]);
    const http = createAuthHttp({ relayToken: 't'.repeat(20), preferRelay: false, baseFetch: f });
    const meta = await http({ method: 'GET', url: 'http://as/.well-known/x', headers: [] });
    expect(meta.via).toBe('relay');
    expect(new Headers(calls[1]?.init.headers).get('x-relay-method')).toBe('GET');
    const token = await http({ method: 'POST', url: 'http://as/token', headers: [], body: 'a=1' });
    expect(token.via).toBe('relay');
    expect(calls.filter((c) => c.url === 'http://as/token')).toHaveLength(0);
  });
  it('says the relay refused in plain words', async () => {
    const f = (async () =>
      new Response('{"error":{"code":"bad_token","message":"Missing or wrong X-Relay-Token."}}', {
        status: 401,
        headers: { 'x-relay-error': 'bad_token' },
      })) as typeof fetch;
    const http = createAuthHttp({ relayToken: 't'.repeat(20), preferRelay: true, baseFetch: f });
    await expect(http({ method: 'GET', url: 'http://as/x', headers: [] })).rejects.toThrow(/X-Relay-Token/);
  });
});
