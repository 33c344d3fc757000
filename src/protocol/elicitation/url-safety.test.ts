import { describe, expect, it } from 'vitest';
import { assessElicitationUrl, registrableDomain } from './url-safety.ts';
import type { UrlWarningCode } from './url-safety.ts';

const codes = (url: string) => assessElicitationUrl(url).warnings.map((w) => w.code);
const joined = (url: string) => {
  const h = assessElicitationUrl(url).registrableDomainHighlight;
  return `${h.before}[${h.domain}]${h.after}`;
};

describe('assessElicitationUrl', () => {
  it.each<[string, boolean, UrlWarningCode[], string]>([
    ['https://auth.example.com/login?x=1', true, [], 'https://auth.[example.com]/login?x=1'],
    ['HTTPS://Auth.EXAMPLE.com/A', true, [], 'https://auth.[example.com]/A'],
    ['http://example.com@evil.com', true, ['credentials', 'plain-http'], 'http://example.com@[evil.com]/'],
    [
      'https://user:pw@accounts.example.org:8443/p',
      true,
      ['credentials'],
      'https://user:pw@accounts.[example.org]:8443/p',
    ],
    ['https://аpple.com/', true, ['punycode', 'mixed-script'], 'https://[xn--pple-43d.com]/'],
    ['https://xn--80ak6aa92e.com/', true, ['punycode'], 'https://[xn--80ak6aa92e.com]/'],
    ['http://localhost:3000/cb', true, [], 'http://[localhost]:3000/cb'],
    ['http://127.0.0.1:8080/', true, [], 'http://[127.0.0.1]:8080/'],
    ['http://[::1]/x', true, [], 'http://[[::1]]/x'],
    ['http://0x7f.1/', true, [], 'http://[127.0.0.1]/'],
    ['http://10.0.0.8/', true, ['plain-http', 'ip-address'], 'http://[10.0.0.8]/'],
    ['https://evil.co.uk.attacker.net/', true, [], 'https://evil.co.uk.[attacker.net]/'],
    ['https://shop.bbc.co.uk/', true, [], 'https://shop.[bbc.co.uk]/'],
    ['  https://example.com/\n', true, ['whitespace'], 'https://[example.com]/'],
    ['javascript:alert(1)', false, ['non-http-scheme'], 'javascript:alert(1)[]'],
    ['JavaScript:alert(1)', false, ['non-http-scheme'], 'JavaScript:alert(1)[]'],
    ['java\nscript:alert(1)', false, ['whitespace', 'non-http-scheme'], 'java\nscript:alert(1)[]'],
    [
      'data:text/html,<script>alert(1)</script>',
      false,
      ['non-http-scheme'],
      'data:text/html,<script>alert(1)</script>[]',
    ],
    ['file:///etc/passwd', false, ['non-http-scheme'], 'file:///etc/passwd[]'],
    ['ftp://example.com/x', false, ['non-http-scheme'], 'ftp://example.com/x[]'],
    ['/relative/path', false, ['unparseable'], '/relative/path[]'],
    ['', false, ['unparseable'], '[]'],
  ])('assesses %j', (url, ok, expectedCodes, highlighted) => {
    const result = assessElicitationUrl(url);
    expect(result.ok).toBe(ok);
    expect(codes(url)).toEqual(expectedCodes);
    expect(joined(url)).toBe(highlighted);
    if (!ok) expect(result.href).toBeUndefined();
  });

  it('reports the real host and the Unicode form when the host is an IDN homograph', () => {
    const result = assessElicitationUrl('https://аpple.com/signin');
    expect(result.host).toBe('xn--pple-43d.com');
    expect(result.unicodeHost).toBe('аpple.com');
    expect(result.warnings.find((w) => w.code === 'punycode')?.message).toContain('аpple.com');
  });

  it('names the real destination when userinfo pretends to be the host', () => {
    const result = assessElicitationUrl('https://accounts.google.com@evil.example/');
    expect(result.host).toBe('evil.example');
    expect(result.warnings[0]?.message).toContain('accounts.google.com');
    expect(result.warnings[0]?.message).toContain('evil.example');
  });

  it('hides the password when the URL carries one', () => {
    const result = assessElicitationUrl('https://bob:hunter2@example.com/');
    expect(result.warnings[0]?.message).not.toContain('hunter2');
  });

  it('highlights the domain when the URL is very long', () => {
    const path = '/a'.repeat(5000);
    const result = assessElicitationUrl(`https://login.example.com${path}?q=${'x'.repeat(3000)}`);
    expect(result.ok).toBe(true);
    expect(result.registrableDomainHighlight.domain).toBe('example.com');
    expect(result.registrableDomainHighlight.before).toBe('https://login.');
    expect(result.registrableDomainHighlight.after.length).toBeGreaterThan(13000);
  });

  it('reconstructs the full href when the highlight parts are joined', () => {
    const result = assessElicitationUrl('https://u@a.b.example.com:1/p?q#h');
    const h = result.registrableDomainHighlight;
    expect(h.before + h.domain + h.after).toBe(result.href);
  });
});

describe('registrableDomain', () => {
  it.each([
    ['example.com', 'example.com'],
    ['a.b.example.com', 'example.com'],
    ['x.github.io', 'x.github.io'],
    ['a.x.github.io', 'x.github.io'],
    ['example.com.', 'example.com.'],
    ['localhost', 'localhost'],
    ['192.168.0.1', '192.168.0.1'],
  ])('returns %s → %s when given a hostname', (host, expected) => {
    expect(registrableDomain(host)).toBe(expected);
  });
});
