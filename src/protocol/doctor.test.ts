import { describe, expect, it } from 'vitest';
import { diagnose, type DiagnoseInput, type ProbeReport, type ProbeResponse } from './doctor.ts';
import { missingAllowHeaders } from './doctor-findings.ts';

const APP = 'http://127.0.0.1:5173';
const TARGET = 'https://mcp.example.com/mcp';

function response(status: number, headers: Record<string, string> = {}, message: unknown = null): ProbeResponse {
  return {
    status,
    statusText: '',
    headers,
    contentType: 'application/json',
    body: '',
    bodyTruncated: false,
    message,
    elapsedMs: 1,
  };
}

const GOOD_CORS = {
  'access-control-allow-origin': APP,
  'access-control-allow-headers': 'content-type, accept, mcp-protocol-version, mcp-method, mcp-name',
};

function report(over: Partial<ProbeReport> = {}): ProbeReport {
  return {
    target: TARGET,
    appOrigin: APP,
    startedAt: '2026-01-01T00:00:00Z',
    preflight: {
      requestHeaders: {
        'access-control-request-headers': 'accept,content-type,mcp-method,mcp-name,mcp-protocol-version',
      },
      accessControl: GOOD_CORS,
      response: response(204, GOOD_CORS),
    },
    discover: {
      response: response(200, { 'access-control-allow-origin': APP }, { jsonrpc: '2.0', id: 1, result: {} }),
    },
    ...over,
  };
}

function run(over: Partial<DiagnoseInput> = {}): string[] {
  return diagnose({ appOrigin: APP, targetUrl: TARGET, pageProtocol: 'http:', ...over }).map((f) => f.id);
}
function find(id: string, over: Partial<DiagnoseInput>) {
  return diagnose({ appOrigin: APP, targetUrl: TARGET, pageProtocol: 'http:', ...over }).find((f) => f.id === id);
}

describe('diagnose', () => {
  it('reports only discover-ok when the server is reachable and CORS is right', () => {
    expect(run({ probe: report() })).toEqual(['discover-ok']);
  });

  it('reports unreachable with the code when the probe got ECONNREFUSED', () => {
    const probe = report({ discover: { error: { code: 'ECONNREFUSED', message: 'connect refused' } } });
    const f = find('unreachable', { probe });
    expect(f?.severity).toBe('error');
    expect(f?.detail).toContain('ECONNREFUSED');
    expect(run({ probe: report() })).not.toContain('unreachable');
  });

  it('reports a TLS problem instead of unreachable when the error is a certificate error', () => {
    const probe = report({ discover: { error: { code: 'CERT_HAS_EXPIRED', message: 'certificate has expired' } } });
    expect(run({ probe })).toEqual(['tls-certificate']);
    const refused = report({ discover: { error: { code: 'ENOTFOUND', message: 'x' } } });
    expect(run({ probe: refused })).not.toContain('tls-certificate');
  });

  it('offers the relay and names missing headers when the preflight is refused', () => {
    const probe = report({ preflight: { ...report().preflight, accessControl: {}, response: response(405) } });
    const f = find('preflight-refused', { probe });
    expect(f?.action).toBe('use-relay');
    expect(f?.title).toContain('405');
    expect(f?.detail).toContain('Mcp-Method');
    expect(run({ probe: report() })).not.toContain('preflight-refused');
  });

  it('names each missing allow-header when the preflight succeeds but allows too little', () => {
    const cors = { 'access-control-allow-origin': APP, 'access-control-allow-headers': 'Content-Type, Accept' };
    const probe = report({ preflight: { ...report().preflight, accessControl: cors, response: response(204, cors) } });
    const f = find('cors-missing-allow-headers', { probe });
    expect(f?.detail).toContain('missing: MCP-Protocol-Version, Mcp-Method, Mcp-Name');
    expect(f?.action).toBe('use-relay');
  });

  it('accepts a * wildcard for every header except Authorization', () => {
    expect(missingAllowHeaders('*', ['Mcp-Method', 'Authorization'])).toEqual(['Authorization']);
    expect(missingAllowHeaders('*, authorization', ['Mcp-Method', 'Authorization'])).toEqual([]);
    const cors = { 'access-control-allow-origin': APP, 'access-control-allow-headers': '*' };
    const preflight = {
      requestHeaders: { 'access-control-request-headers': 'authorization,content-type,mcp-method' },
      accessControl: cors,
      response: response(204, cors),
    };
    expect(find('cors-missing-allow-headers', { probe: report({ preflight }) })?.detail).toContain(
      'missing: Authorization',
    );
  });

  it('reports a bad Access-Control-Allow-Origin when it is missing or names another origin', () => {
    const other = { ...GOOD_CORS, 'access-control-allow-origin': 'https://other.example' };
    const probe = report({
      preflight: { ...report().preflight, accessControl: other, response: response(204, other) },
    });
    expect(find('cors-allow-origin', { probe })?.detail).toContain('https://other.example');
    const noAcao = report({ discover: { response: response(200, {}, { jsonrpc: '2.0', id: 1, result: {} }) } });
    expect(find('cors-allow-origin', { probe: noAcao })?.detail).toContain('no Access-Control-Allow-Origin');
    const star = { ...GOOD_CORS, 'access-control-allow-origin': '*' };
    const wildcard = report({
      preflight: { ...report().preflight, accessControl: star, response: response(204, star) },
      discover: { response: response(200, { 'access-control-allow-origin': '*' }) },
    });
    expect(run({ probe: wildcard })).not.toContain('cors-allow-origin');
  });

  it('quotes WWW-Authenticate and asks for a token when the server answers 401', () => {
    const challenge = 'Bearer resource_metadata="https://auth.example/prm"';
    const probe = report({ discover: { response: response(401, { ...GOOD_CORS, 'www-authenticate': challenge }) } });
    const f = find('auth-required', { probe });
    expect(f?.detail).toContain(challenge);
    expect(f?.action).toBe('enter-token');
    expect(run({ probe })).toContain('cors-expose-www-authenticate');
    expect(run({ directError: { kind: 'http', status: 401, message: 'Unauthorized' } })).toContain('auth-required');
    expect(run({ probe: report() })).not.toContain('auth-required');
  });

  it('blames Origin validation when 403 goes away without an Origin header', () => {
    const probe = report({
      discover: { response: response(403, GOOD_CORS) },
      discoverWithoutOrigin: { response: response(200) },
    });
    const f = find('forbidden-origin', { probe });
    expect(f?.detail).toContain(APP);
    expect(f?.action).toBe('use-relay');
    const stillForbidden = report({
      discover: { response: response(403, GOOD_CORS) },
      discoverWithoutOrigin: { response: response(403) },
    });
    expect(run({ probe: stillForbidden })).toEqual(['forbidden']);
  });

  it('lists supported versions when the server answers -32022', () => {
    const body = {
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32022,
        message: 'Unsupported',
        data: { supported: ['2027-01-01', '2026-07-28'], requested: '2099-01-01' },
      },
    };
    const f = find('unsupported-version', { directError: { kind: 'http', status: 400, message: 'x', body } });
    expect(f?.detail).toContain('2027-01-01, 2026-07-28');
    expect(f?.action).toBe('pick-version');
    const other = { ...body, error: { ...body.error, code: -32020 } };
    expect(run({ directError: { kind: 'http', status: 400, message: 'x', body: other } })).not.toContain(
      'unsupported-version',
    );
  });

  it('says to change the Era, not the version, when a 2026-07-28 server refuses the 2025-11-25 handshake', () => {
    // the Python SDK's answer to initialize on a connection that already speaks 2026-07-28
    const body = {
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32022,
        message: 'connection is serving the 2026-07-28 protocol; the initialize handshake is not accepted',
        data: { supported: ['2026-07-28'], requested: '2025-11-25' },
      },
    };
    const directError = { kind: 'http' as const, status: 200, message: 'initialize failed', body };
    const f = find('unsupported-version', { directError });
    expect(f?.title).toBe('The server refused the 2025-11-25 handshake');
    expect(f?.detail).toContain('it speaks 2026-07-28');
    expect(f?.fix).toContain('Era to Auto or 2026-07-28');
    // "Use version 2026-07-28" would initialize again, pinned to the same era
    expect(f?.action).toBeUndefined();
    expect(f?.fix).not.toContain('stdio');
    // a stdio server chose its era with the first request its process read
    const stdio = find('unsupported-version', { directError, targetUrl: 'http://127.0.0.1:6280/__stdio/1/mcp' });
    expect(stdio?.fix).toContain('A stdio server keeps the era of the first request its process read');
  });

  it('names the header a -32020 answer to the connection names (2026-07-28 streamable-http "Server Validation")', () => {
    const body = {
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32020,
        message: 'Bad Request: the request headers and body disagree',
        data: {
          mismatch: {
            header: '2026-07-27',
            body: 'the body envelope names protocol version 2026-07-28 but the MCP-Protocol-Version header names 2026-07-27',
          },
        },
      },
    };
    const f = find('header-mismatch', { directError: { kind: 'http', status: 400, message: 'x', body } });
    expect(f?.title).toBe('The server says the MCP-Protocol-Version header disagrees with the body (-32020)');
    expect(f?.detail).toContain('names 2026-07-27');
    expect(run({ directError: { kind: 'http', status: 400, message: 'x', body } })).not.toContain(
      'unsupported-version',
    );
  });

  it('says plainly that MRTR needs 2026-07-28 when only legacy initialize works', () => {
    const probe = report({
      discover: {
        response: response(400, GOOD_CORS, {
          jsonrpc: '2.0',
          id: null,
          error: { code: -32000, message: 'Server not initialized' },
        }),
      },
      legacy: { ok: true, protocolVersion: '2025-11-25', response: response(200) },
    });
    const f = find('legacy-server', { probe });
    expect(f?.detail).toContain('this server speaks 2025-11-25; multi-round-trip results need 2026-07-28');
    expect(f?.action).toBe('use-legacy-note');
    expect(run({ probe })).not.toContain('discover-failed');
    const failedLegacy = { ...probe, legacy: { ok: false, response: response(404) } };
    expect(run({ probe: failedLegacy })).toEqual(['discover-failed']);
  });

  it('flags mixed content when an https page targets plain http on a non-loopback host', () => {
    expect(run({ pageProtocol: 'https:', targetUrl: 'http://mcp.example.com/mcp' })).toContain('mixed-content');
    expect(run({ pageProtocol: 'https:', targetUrl: 'http://127.0.0.1:3000/mcp' })).not.toContain('mixed-content');
    expect(run({ pageProtocol: 'https:', targetUrl: 'http://[::1]:3000/mcp' })).not.toContain('mixed-content');
    expect(run({ pageProtocol: 'http:', targetUrl: 'http://mcp.example.com/mcp' })).not.toContain('mixed-content');
  });

  it('suggests the relay probe when a browser network error is all there is', () => {
    expect(run({ directError: { kind: 'network', message: 'Failed to fetch' } })).toEqual(['browser-network-error']);
    expect(run({ directError: { kind: 'network', message: 'Failed to fetch' }, probe: report() })).not.toContain(
      'browser-network-error',
    );
  });

  it('reports an unparseable response when the direct error is a parse error', () => {
    expect(run({ directError: { kind: 'parse', message: 'Unexpected token <' } })).toEqual(['unparseable-response']);
  });

  it('orders errors before warnings when both occur', () => {
    const probe = report({
      discover: { response: response(401, { ...GOOD_CORS, 'www-authenticate': 'Bearer' }) },
    });
    const severities = diagnose({ appOrigin: APP, targetUrl: TARGET, pageProtocol: 'http:', probe }).map(
      (f) => f.severity,
    );
    expect(severities).toEqual([...severities].sort((a, b) => (a === 'error' ? -1 : b === 'error' ? 1 : 0)));
  });
});
