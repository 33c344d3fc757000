/**
 * OAuth through the proxy: the server's 401 points at its Protected Resource Metadata, which a client given the proxy's
 * URL must find at the proxy and read with the proxy as the resource (else the official SDKs stop: "does not match
 * expected"). Each test plays the server on loopback.
 */
import { describe, expect, it } from 'vitest';
import { listen, type TestServer } from '../test-servers/listen.fixtures.ts';
import { closedAfterEach } from '../test-servers/running.fixtures.ts';
import { proxyFor } from './proxy.fixtures.ts';

const up = closedAfterEach();

/** A protected server: 401 at /mcp pointing at its metadata; metadata at the path-based and the root well-known. */
async function protectedServer(resourceOf: (base: string) => string = (base) => `${base}/mcp`): Promise<TestServer> {
  let base = '';
  const server = await up(
    listen((req, res) => {
      const path = req.url ?? '';
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      if (path === '/mcp')
        return json(
          401,
          { error: 'unauthorized' },
          {
            'www-authenticate': `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp", scope="read"`,
          },
        );
      if (path === '/.well-known/oauth-protected-resource/mcp' || path === '/.well-known/oauth-protected-resource')
        return json(200, {
          resource: resourceOf(base),
          authorization_servers: [`${base}/as`],
          scopes_supported: ['read'],
        });
      json(404, { error: 'not_found' });
    }, '/mcp'),
  );
  base = server.origin;
  return server;
}

const post = (url: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
  });

describe('OAuth resource metadata through the proxy', () => {
  it("points the 401 at the proxy's metadata, which names the proxy as the resource", async () => {
    const server = await protectedServer();
    const p = await up(proxyFor(server.url));
    const denied = await post(p.url);
    expect(denied.status).toBe(401);
    const challenge = denied.headers.get('www-authenticate')!;
    expect(challenge).toBe(
      `Bearer resource_metadata="${p.origin}/.well-known/oauth-protected-resource/mcp", scope="read"`,
    );
    // the page still records what the server sent
    const head = await p.next('response-head');
    expect(head.headers).toContainEqual(['www-authenticate', expect.stringContaining(server.origin)]);

    const metadata = await fetch(`${p.origin}/.well-known/oauth-protected-resource/mcp`);
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toEqual({
      resource: p.url,
      // the client signs in at the server's authorization server, directly
      authorization_servers: [`${server.origin}/as`],
      scopes_supported: ['read'],
    });
    // the root well-known, the fallback of a client that found no resource_metadata
    const root = (await (await fetch(`${p.origin}/.well-known/oauth-protected-resource`)).json()) as {
      resource: string;
    };
    expect(root.resource).toBe(p.url);
  });

  it('names the proxy as the client called it (localhost), and leaves a resource on another origin as it was', async () => {
    const server = await protectedServer(() => 'https://elsewhere.example/mcp');
    const p = await up(proxyFor(server.url));
    const viaLocalhost = `http://localhost:${p.port}/.well-known/oauth-protected-resource/mcp`;
    const doc = (await (await fetch(viaLocalhost)).json()) as { resource: string };
    // not the proxy's to claim: the client stops, as it would without the proxy
    expect(doc.resource).toBe('https://elsewhere.example/mcp');
    const denied = await fetch(`http://localhost:${p.port}/mcp`, { method: 'POST', body: '{}' });
    expect(denied.headers.get('www-authenticate')).toContain(`"http://localhost:${p.port}/.well-known/`);
  });

  it('answers 404 where the server has no metadata, and serves no other path nor a POST', async () => {
    const server = await protectedServer();
    const p = await up(proxyFor(server.url));
    const missing = await fetch(`${p.origin}/.well-known/oauth-protected-resource/other`);
    expect([missing.status, missing.headers.get('x-proxy-error')]).toEqual([404, 'not_found']);
    const posted = await fetch(`${p.origin}/.well-known/oauth-protected-resource/mcp`, { method: 'POST', body: '{}' });
    expect(posted.status).toBe(404);
    const other = await fetch(`${p.origin}/.well-known/oauth-authorization-server`);
    expect(other.status).toBe(404);
    // nothing of this is MCP traffic: the page is told no exchange
    expect(p.events.filter((e) => e.type === 'request')).toHaveLength(0);
  });
});
