import { describe, expect, it } from 'vitest';
import { forwardRequestHeaders, isLoopbackAddress, networkErrorCode } from './relay-http.ts';
import { passBackHeaders } from './relay-response-headers.ts';

describe('relay-http helpers', () => {
  it('finds the deepest error code when fetch wraps it in causes and AggregateErrors', () => {
    const inner = Object.assign(new Error('connect ECONNREFUSED ::1:3000'), { code: 'ECONNREFUSED' });
    const wrapped = new TypeError('fetch failed', { cause: new AggregateError([inner], 'all failed') });
    expect(networkErrorCode(wrapped)).toEqual({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED ::1:3000' });
    const tls = new TypeError('fetch failed', {
      cause: Object.assign(new Error('self-signed'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }),
    });
    expect(networkErrorCode(tls).code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(networkErrorCode(new DOMException('t', 'TimeoutError')).code).toBe('ETIMEDOUT');
  });

  it('accepts only loopback addresses when checking the local socket address', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a)).toBe(true);
    for (const a of ['0.0.0.0', '192.168.1.2', '::', '::ffff:10.0.0.1', undefined])
      expect(isLoopbackAddress(a)).toBe(false);
  });

  it('drops headers named in Connection and asks for identity encoding when forwarding', () => {
    const h = forwardRequestHeaders({
      connection: 'keep-alive, x-secret-hop',
      'x-secret-hop': '1',
      'accept-encoding': 'gzip, br',
      'sec-fetch-site': 'same-origin',
      'mcp-name': 'x',
    });
    expect([...h.keys()].sort()).toEqual(['accept-encoding', 'mcp-name']);
    expect(h.get('accept-encoding')).toBe('identity');
  });

  it('renames Location and strips cookies and encodings when passing a response back', () => {
    const out = passBackHeaders(
      new Headers({
        location: '/x',
        'set-cookie': 'a=1',
        'content-encoding': 'gzip',
        'content-length': '3',
        'mcp-x': 'y',
      }),
    );
    expect(out).toEqual({ 'x-relay-upstream-location': '/x', 'x-relay-upstream-mcp-x': 'y', 'x-relay': '1' });
  });
});
