import { describe, expect, it } from 'vitest';
import { checkServerUrl } from './server-url.ts';

const message = (input: string) => {
  const check = checkServerUrl(input);
  return check.ok ? null : check.message;
};

describe('checkServerUrl', () => {
  it('accepts absolute http and https URLs when they have a host', () => {
    expect(checkServerUrl('http://127.0.0.1:8765/mcp')).toEqual({ ok: true, url: 'http://127.0.0.1:8765/mcp' });
    expect(checkServerUrl('https://example.com/mcp?x=1')).toEqual({ ok: true, url: 'https://example.com/mcp?x=1' });
    expect(checkServerUrl('HTTPS://[::1]:9000/')).toMatchObject({ ok: true });
  });

  it('returns the trimmed text as typed when there is surrounding whitespace', () => {
    expect(checkServerUrl('  http://a.example/mcp \n')).toEqual({ ok: true, url: 'http://a.example/mcp' });
  });

  it('names what was typed when the input is not a URL', () => {
    expect(message('not a url')).toBe('Server URL must be an absolute http:// or https:// URL (got "not a url").');
  });

  it('refuses other schemes when the URL is otherwise well formed', () => {
    expect(message('ftp://x')).toBe('Server URL must be an absolute http:// or https:// URL (got "ftp://x").');
    expect(message('javascript:alert(1)')).toContain('(got "javascript:alert(1)")');
    expect(message('file:///etc/passwd')).toContain('file:///etc/passwd');
  });

  it('says the field is empty when there is nothing but whitespace', () => {
    expect(message('')).toBe('Server URL must be an absolute http:// or https:// URL (the field is empty).');
    expect(message('   ')).toBe('Server URL must be an absolute http:// or https:// URL (the field is empty).');
  });

  it('refuses relative paths and scheme-less hosts when they would resolve against the app origin', () => {
    expect(message('/mcp')).not.toBeNull();
    expect(message('127.0.0.1:8765/mcp')).not.toBeNull();
    expect(message('//example.com/mcp')).not.toBeNull();
    expect(message('http:example.com')).not.toBeNull();
  });

  it('refuses a URL without a host or with spaces inside', () => {
    expect(message('http://')).not.toBeNull();
    expect(message('http://not a url')).toContain('(got "http://not a url")');
  });

  it('shortens a long input when naming it', () => {
    const long = `x${'y'.repeat(200)}`;
    const text = message(long) ?? '';
    expect(text).toContain('…');
    expect(text.length).toBeLessThan(160);
  });
});
