import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeSharePayload, encodeShareLink, shareFragment } from './share-link.ts';
import { TEST_TOKEN, testSession } from './session.fixtures.ts';

const base = 'http://127.0.0.1:4180/?server=x#old';

function payloadOf(url: string): string {
  const payload = shareFragment(new URL(url).hash);
  if (!payload) throw new Error('no share payload in the URL');
  return payload;
}

describe('share links', () => {
  it('opens the same conversation with the same legs when a link is decoded', () => {
    const session = testSession();
    const link = encodeShareLink(session, { baseUrl: base, conversationIds: ['c1'], now: 0 });
    expect(link.ok).toBe(true);
    if (!link.ok) return;
    expect(link.url.startsWith('http://127.0.0.1:4180/?server=x#share=1.')).toBe(true);
    const decoded = decodeSharePayload(payloadOf(link.url));
    if (!decoded.ok) throw new Error(decoded.error);
    expect(decoded.session.order).toEqual(['c1']);
    expect(decoded.session.legs['leg-2']!.outcome).toEqual(session.legs['leg-2']!.outcome);
    expect(decoded.session.legs['leg-1']!.exchange.request.body).toBe(session.legs['leg-1']!.exchange.request.body);
    expect(decoded.redacted).toBe(true);
  });

  it('leaves an unmarked custom header value out and keeps a marked one when secrets are not included', () => {
    const hidden = encodeShareLink(testSession(), { baseUrl: base, now: 0 });
    const shown = encodeShareLink(testSession(), { baseUrl: base, now: 0, notSecret: ['x-trace'] });
    if (!hidden.ok || !shown.ok) throw new Error('no link');
    const text = (url: string) => JSON.stringify(decodeSharePayload(payloadOf(url)));
    expect(text(hidden.url)).not.toContain('visible');
    expect(text(shown.url)).toContain('visible');
  });

  it('leaves the token out when secrets are not included', () => {
    const link = encodeShareLink(testSession(), { baseUrl: base, now: 0 });
    if (!link.ok) throw new Error(link.error);
    const decoded = decodeSharePayload(payloadOf(link.url));
    expect(decoded.ok && JSON.stringify(decoded.session)).not.toContain(TEST_TOKEN);
  });

  it('keeps the token when secrets are explicitly included', () => {
    const link = encodeShareLink(testSession(), { baseUrl: base, now: 0, includeSecrets: true });
    if (!link.ok) throw new Error(link.error);
    const decoded = decodeSharePayload(payloadOf(link.url));
    expect(decoded.ok && JSON.stringify(decoded.session)).toContain(TEST_TOKEN);
  });

  it('refuses with the size and the limit when the link would be too long', () => {
    const link = encodeShareLink(testSession(), { baseUrl: base, now: 0, maxChars: 500 });
    expect(link.ok).toBe(false);
    expect(!link.ok && link.error).toMatch(
      /^This is too large for a share link: [\d,]+ characters, the limit is 500\. Share one conversation, or export a session file instead\.$/,
    );
  });

  it('says the link is damaged when it was cut off', () => {
    const link = encodeShareLink(testSession(), { baseUrl: base, now: 0 });
    if (!link.ok) throw new Error(link.error);
    const payload = payloadOf(link.url);
    const result = decodeSharePayload(payload.slice(0, payload.length / 2));
    expect(!result.ok && result.error).toMatch(
      /^This share link is damaged \(.+\)\. Was it cut off when it was copied\?$/,
    );
  });

  it('names the newer link format version when a link comes from a newer app', () => {
    const result = decodeSharePayload('2.abc');
    expect(!result.ok && result.error).toBe(
      'This share link was made by a newer version (2) of the link format; this MRTR Inspector reads version 1.',
    );
  });

  it('stops unpacking when a link inflates beyond the cap', () => {
    const bomb = deflateSync(strToU8(' '.repeat(200_000)));
    let binary = '';
    bomb.forEach((b) => (binary += String.fromCharCode(b)));
    const payload = `1.${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
    const result = decodeSharePayload(payload, 10_000);
    expect(!result.ok && result.error).toMatch(/unpacks to more than 10000 bytes/);
  });

  it('names the failing field when a link holds an invalid session', () => {
    const file = { format: 'mrtr-inspector-session', version: 1, exportedAt: '', redacted: true, session: {} };
    const packed = deflateSync(strToU8(JSON.stringify(file)));
    let binary = '';
    packed.forEach((b) => (binary += String.fromCharCode(b)));
    const result = decodeSharePayload(`1.${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_')}`);
    expect(!result.ok && result.error).toMatch(/^This share link holds an invalid session: session\.conversations: /);
  });

  it('finds no payload when the hash has no share parameter', () => {
    expect(shareFragment('#section-2')).toBeUndefined();
    expect(shareFragment('')).toBeUndefined();
  });
});
