import { describe, expect, it } from 'vitest';
import { createRelayFetch, probeViaRelay, RelayError } from './relay-fetch.ts';

interface Call {
  url: string;
  method: string | undefined;
  headers: Headers;
  body: string | undefined;
  signal: AbortSignal | undefined;
  credentials: RequestCredentials | undefined;
}

function stub(respond: () => Response = () => new Response('{"ok":true}', { status: 200 })): {
  calls: Call[];
  fetch: typeof fetch;
} {
  const calls: Call[] = [];
  const fn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = init?.body;
    calls.push({
      url: String(input),
      method: init?.method,
      headers: new Headers(init?.headers),
      body: body instanceof ArrayBuffer ? new TextDecoder().decode(body) : typeof body === 'string' ? body : undefined,
      signal: init?.signal ?? undefined,
      credentials: init?.credentials,
    });
    return respond();
  }) as typeof fetch;
  return { calls, fetch: fn };
}

function relayRefusal(status: number, code: string): Response {
  return new Response(JSON.stringify({ error: { code, message: `refused: ${code}` } }), {
    status,
    headers: { 'content-type': 'application/json', 'x-relay-error': code },
  });
}

describe('createRelayFetch', () => {
  it('posts to the relay with the target, token, original headers and body when called like fetch', async () => {
    const { calls, fetch } = stub();
    const relayFetch = createRelayFetch({ relayBase: 'http://127.0.0.1:5173', token: 'tok', baseFetch: fetch });
    const res = await relayFetch('https://mcp.example.com/mcp?x=1', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Mcp-Method': 'tools/call', Authorization: 'Bearer a' },
      body: '{"jsonrpc":"2.0"}',
    });
    expect(await res.json()).toEqual({ ok: true });
    const call = calls[0]!;
    expect(call.url).toBe('http://127.0.0.1:5173/__relay/forward');
    expect(call.method).toBe('POST');
    expect(call.body).toBe('{"jsonrpc":"2.0"}');
    expect(call.headers.get('x-relay-target')).toBe('https://mcp.example.com/mcp?x=1');
    expect(call.headers.get('x-relay-token')).toBe('tok');
    expect(call.headers.get('mcp-method')).toBe('tools/call');
    expect(call.headers.get('authorization')).toBe('Bearer a');
    expect(call.headers.get('content-type')).toBe('application/json');
  });

  it('sends no credentials when it calls the relay, so no cached sign-in or cookie rides along', async () => {
    const { calls, fetch } = stub();
    await createRelayFetch({ relayBase: '', token: 't', baseFetch: fetch })('http://a.example/mcp', {
      method: 'POST',
      body: '{}',
      credentials: 'include',
    });
    expect(calls[0]!.credentials).toBe('omit');
  });

  it('passes the abort signal through when the caller cancels', async () => {
    const { calls, fetch } = stub();
    const controller = new AbortController();
    const relayFetch = createRelayFetch({ relayBase: '', token: 't', baseFetch: fetch });
    await relayFetch(new URL('http://a.example/mcp'), { method: 'POST', body: '{}', signal: controller.signal });
    controller.abort();
    expect(calls[0]!.signal?.aborted).toBe(true);
    expect(calls[0]!.url).toBe('/__relay/forward');
  });

  it('rejects with a RelayError when the relay itself refuses', async () => {
    const { fetch } = stub(() => relayRefusal(502, 'ECONNREFUSED'));
    const relayFetch = createRelayFetch({ relayBase: '', token: 't', baseFetch: fetch });
    const error = await relayFetch('http://a.example/mcp', { method: 'POST', body: '{}' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RelayError);
    expect(error).toMatchObject({
      status: 502,
      code: 'ECONNREFUSED',
      isNetwork: true,
      message: 'refused: ECONNREFUSED',
    });
  });

  it('returns the upstream 401 as a response when the server (not the relay) refuses', async () => {
    const { fetch } = stub(() => new Response('{}', { status: 401, headers: { 'www-authenticate': 'Bearer' } }));
    const relayFetch = createRelayFetch({ relayBase: '', token: 't', baseFetch: fetch });
    const res = await relayFetch('http://a.example/mcp', { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('sends a session GET or DELETE as a POST naming the method when the page asks for one', async () => {
    const { calls, fetch } = stub(() => new Response(null, { status: 405, headers: { 'x-relay': '1' } }));
    const relayFetch = createRelayFetch({ relayBase: '', token: 't', baseFetch: fetch });
    const res = await relayFetch('http://a.example/mcp', { method: 'GET', headers: { 'last-event-id': 'e-1' } });
    await relayFetch('http://a.example/mcp', { method: 'DELETE' });
    // the server's own 405 (a stateless server has no GET stream) is an answer, not a relay failure
    expect(res.status).toBe(405);
    expect(calls.map((c) => c.method)).toEqual(['POST', 'POST']);
    expect(calls.map((c) => c.headers.get('x-relay-method'))).toEqual(['GET', 'DELETE']);
    expect(calls[0]!.headers.get('x-relay-mcp')).toBe('session');
    expect(calls[0]!.headers.get('last-event-id')).toBe('e-1');
    expect(calls[0]!.body).toBeUndefined();
  });

  it('returns the relay 405 as a response when the relay refuses the method', async () => {
    const { fetch } = stub(() => relayRefusal(405, 'method_not_allowed'));
    const relayFetch = createRelayFetch({ relayBase: '', token: 't', baseFetch: fetch });
    const res = await relayFetch('http://a.example/mcp', { method: 'GET' });
    expect(res.status).toBe(405);
  });

  it('restores Location when the relay passes a redirect back', async () => {
    const { fetch } = stub(
      () =>
        new Response(null, {
          status: 307,
          headers: { 'x-relay-upstream-location': 'https://b.example/mcp', 'x-relay': '1' },
        }),
    );
    const relayFetch = createRelayFetch({ relayBase: '', token: 't', baseFetch: fetch });
    const res = await relayFetch('http://a.example/mcp', { method: 'POST', body: '{}' });
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('https://b.example/mcp');
    expect(res.headers.get('x-relay-upstream-location')).toBeNull();
    expect(res.headers.get('x-relay')).toBeNull();
  });
});

describe('probeViaRelay', () => {
  it('posts the target and headers and returns the report when the relay answers', async () => {
    const report = { target: 'http://a.example/mcp', appOrigin: 'http://127.0.0.1:5173' };
    const { calls, fetch } = stub(() => new Response(JSON.stringify(report), { status: 200 }));
    const got = await probeViaRelay({
      relayBase: '',
      token: 'tok',
      target: 'http://a.example/mcp',
      headers: { Authorization: 'Bearer x' },
      fetchImpl: fetch,
    });
    expect(got).toEqual(report);
    expect(calls[0]!.url).toBe('/__relay/probe');
    expect(calls[0]!.headers.get('x-relay-token')).toBe('tok');
    expect(JSON.parse(calls[0]!.body!)).toEqual({
      target: 'http://a.example/mcp',
      headers: { Authorization: 'Bearer x' },
    });
  });

  it('rejects with a RelayError when the token is wrong', async () => {
    const { fetch } = stub(() => relayRefusal(401, 'bad_token'));
    await expect(
      probeViaRelay({ relayBase: '', token: 'x', target: 'http://a/', fetchImpl: fetch }),
    ).rejects.toMatchObject({
      status: 401,
      code: 'bad_token',
    });
  });
});
