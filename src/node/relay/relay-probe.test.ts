import { describe, expect, it } from 'vitest';
import type { ProbeReport } from '../../protocol/doctor.ts';
import { closedPortUrl, listen, readAll, type TestServer } from '../test-servers/listen.fixtures.ts';
import { closedAfterEach } from '../test-servers/running.fixtures.ts';
import { startAuthServer, startLegacyServer, startNoCorsServer } from '../test-servers/mcp-servers.fixtures.ts';
import { relayPost, startRelay } from '../test-servers/relay-servers.fixtures.ts';

const PROBE = '/__relay/probe';
const up = closedAfterEach();

async function probe(
  target: string,
  headers?: Record<string, string>,
): Promise<{ relay: TestServer; report: ProbeReport }> {
  const relay = await up(startRelay());
  const res = await relayPost(relay, PROBE, { body: JSON.stringify({ target, ...(headers ? { headers } : {}) }) });
  expect(res.status).toBe(200);
  return { relay, report: (await res.json()) as ProbeReport };
}

describe('relay probe', () => {
  it('reports a 405 preflight with no allow-headers when the SDK server has no CORS wrapper', async () => {
    const sdk = await up(startNoCorsServer());
    const { relay, report } = await probe(sdk.url);
    expect(report.appOrigin).toBe(relay.url);
    expect(report.preflight.requestHeaders).toEqual({
      origin: relay.url,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'accept,content-type,mcp-method,mcp-name,mcp-protocol-version',
    });
    expect(report.preflight.response?.status).toBe(405);
    expect(report.preflight.accessControl).toEqual({});
    expect(report.discover.response?.status).toBe(200);
    expect(report.discover.response?.message).toMatchObject({ result: { supportedVersions: ['2026-07-28'] } });
    expect(report.legacy).toBeUndefined();
  });

  it('records every access-control header when the server answers the preflight', async () => {
    const seen: Record<string, string | string[] | undefined>[] = [];
    const cors = await up(
      listen(async (req, res) => {
        seen.push(req.headers);
        await readAll(req);
        res.writeHead(req.method === 'OPTIONS' ? 204 : 200, {
          'access-control-allow-origin': String(req.headers.origin),
          'access-control-allow-headers': 'content-type, mcp-method',
          'access-control-max-age': '600',
          'content-type': 'application/json',
        });
        res.end(req.method === 'OPTIONS' ? undefined : '{"jsonrpc":"2.0","id":1,"result":{}}');
      }),
    );
    const { report } = await probe(cors.url, { authorization: 'Bearer t' });
    expect(report.preflight.response?.status).toBe(204);
    expect(report.preflight.accessControl).toEqual({
      'access-control-allow-origin': report.appOrigin,
      'access-control-allow-headers': 'content-type, mcp-method',
      'access-control-max-age': '600',
    });
    expect(report.preflight.requestHeaders['access-control-request-headers']).toContain('authorization');
    expect(seen[1]).toMatchObject({
      authorization: 'Bearer t',
      'mcp-method': 'server/discover',
      origin: report.appOrigin,
    });
  });

  it('reports 401 and the WWW-Authenticate challenge when the server requires auth', async () => {
    const auth = await up(
      startAuthServer('good', {
        challenge: 'Bearer resource_metadata="https://auth.example/.well-known/oauth-protected-resource"',
        cors: false,
      }),
    );
    const { report } = await probe(auth.url);
    expect(report.discover.response?.status).toBe(401);
    expect(report.discover.response?.headers['www-authenticate']).toContain('resource_metadata=');
    expect(report.legacy).toBeUndefined();
    const authed = await probe(auth.url, { authorization: 'Bearer good' });
    expect(authed.report.discover.response?.status).toBe(200);
  });

  it('detects a legacy server and closes its session when only initialize works', async () => {
    const seen = { methods: [] as string[] };
    const legacy = await up(startLegacyServer({ seen: seen.methods, sse: true, cors: false }));
    const { report } = await probe(legacy.url);
    expect(report.discover.response?.status).toBe(400);
    expect(report.legacy).toMatchObject({ ok: true, protocolVersion: '2025-11-25' });
    expect(report.legacy?.response?.contentType).toBe('text/event-stream');
    expect(seen.methods).toEqual(['OPTIONS', 'POST server/discover', 'POST initialize', 'DELETE']);
  });

  it('retries without Origin when the server answers 403 to the app origin', async () => {
    const strict = await up(
      listen(async (req, res) => {
        await readAll(req);
        res.writeHead(req.headers.origin ? 403 : 200, { 'content-type': 'application/json' });
        res.end('{"jsonrpc":"2.0","id":1,"result":{}}');
      }),
    );
    const { report } = await probe(strict.url);
    expect(report.discover.response?.status).toBe(403);
    expect(report.discoverWithoutOrigin?.response?.status).toBe(200);
  });

  it('records ECONNREFUSED when nothing listens on the port', async () => {
    const { report } = await probe(await closedPortUrl());
    expect(report.preflight.error?.code).toBe('ECONNREFUSED');
    expect(report.discover.error?.code).toBe('ECONNREFUSED');
    expect(report.discover.response).toBeUndefined();
  });

  it('refuses with 400 when the probe body has no valid target', async () => {
    const relay = await up(startRelay());
    for (const body of ['not json', '{"target":"ftp://x/"}', '{"target":"http://a/","headers":{"x":1}}']) {
      const res = await relayPost(relay, PROBE, { body });
      expect(res.status).toBe(400);
    }
  });
});
