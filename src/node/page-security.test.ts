import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { configRefusal, pageCsp, securityHeaders } from './page-security.ts';

const HOSTS = ['127.0.0.1:5173', 'localhost:5173'];

function req(headers: IncomingMessage['headers'], localAddress = '127.0.0.1'): IncomingMessage {
  return { headers, socket: { localAddress } } as unknown as IncomingMessage;
}

describe('configRefusal', () => {
  it('lets the app page and header-less tools have the config when they come from the app host', () => {
    expect(configRefusal(req({ host: '127.0.0.1:5173', 'sec-fetch-site': 'same-origin' }), HOSTS)).toBeUndefined();
    expect(configRefusal(req({ host: 'localhost:5173', origin: 'http://localhost:5173' }), HOSTS)).toBeUndefined();
    expect(configRefusal(req({ host: '127.0.0.1:5173' }), HOSTS)).toBeUndefined();
  });

  it('refuses another loopback origin when it sends its Origin or a same-site fetch', () => {
    expect(configRefusal(req({ host: '127.0.0.1:5173', origin: 'http://127.0.0.1:4266' }), HOSTS)).toMatch(/Origin/);
    expect(configRefusal(req({ host: '127.0.0.1:5173', 'sec-fetch-site': 'same-site' }), HOSTS)).toMatch(/same-site/);
    expect(configRefusal(req({ host: '127.0.0.1:5173', 'sec-fetch-site': 'cross-site' }), HOSTS)).toMatch(/cross-site/);
  });

  it('refuses a rebound Host and a non-loopback connection', () => {
    expect(configRefusal(req({ host: 'evil.example:5173' }), HOSTS)).toMatch(/Host/);
    expect(configRefusal(req({ host: '127.0.0.1:5173' }, '192.168.1.2'), HOSTS)).toMatch(/loopback/);
  });
});

describe('pageCsp', () => {
  it('bans framing in the header form and carries the dev nonce when one is given', () => {
    const header = pageCsp({ header: true, nonce: 'abc' });
    expect(header).toContain("frame-ancestors 'none'");
    expect(header).toContain("script-src 'self' 'nonce-abc'");
    expect(pageCsp()).not.toContain('frame-ancestors'); // a <meta> policy cannot carry it
    expect(securityHeaders(header)).toMatchObject({ 'x-frame-options': 'DENY', 'content-security-policy': header });
  });
});
