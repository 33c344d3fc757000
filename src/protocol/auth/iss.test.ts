import { describe, expect, it } from 'vitest';
import { checkIss } from './iss.ts';
import { methodFor, planIdentity } from './client-identity.ts';

const AS = 'http://localhost:5000';

describe('checkIss (RFC 9207 table)', () => {
  it('proceeds when iss matches and is advertised', () => expect(checkIss(AS, true, AS).ok).toBe(true));
  it('proceeds when iss is absent and not advertised', () => expect(checkIss(AS, false, null).ok).toBe(true));
  it('rejects a missing iss when it is advertised', () =>
    expect(checkIss(AS, true, null)).toMatchObject({ ok: false, reason: 'missing' }));
  it('rejects a wrong iss', () =>
    expect(checkIss(AS, true, 'https://evil.example.com')).toMatchObject({ ok: false, reason: 'mismatch' }));
  it('rejects a wrong iss even when not advertised', () =>
    expect(checkIss(AS, false, 'https://evil.example.com').ok).toBe(false));
  it('rejects an iss that only matches after normalisation', () => expect(checkIss(AS, true, `${AS}/`).ok).toBe(false));
});

describe('planIdentity', () => {
  const settings = { clientId: '', clientSecret: '', metadataDocumentUrl: 'https://app/oauth/client-metadata.json' };
  it('uses the pre-registered client with basic auth when a secret is set', () => {
    const plan = planIdentity(
      { ...settings, clientId: 'c', clientSecret: 's' },
      { token_endpoint_auth_methods_supported: ['client_secret_basic'] },
    );
    expect(plan).toMatchObject({ kind: 'pre-registered', method: 'client_secret_basic' });
  });
  it('prefers a Client ID Metadata Document when the server supports it', () => {
    expect(
      planIdentity(settings, { client_id_metadata_document_supported: true, registration_endpoint: 'x' }).kind,
    ).toBe('cimd');
  });
  it('falls back to Dynamic Client Registration, asking for what the server supports', () => {
    expect(
      planIdentity(settings, {
        registration_endpoint: 'x',
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      }),
    ).toMatchObject({
      kind: 'dcr',
      requestMethod: 'client_secret_post',
    });
  });
  it('explains that nothing works when there is no way to identify the client', () => {
    expect(planIdentity(settings, {}).kind).toBe('none');
  });
  it('treats an absent methods list as client_secret_basic (RFC 8414)', () => {
    expect(methodFor({}, true)).toBe('client_secret_basic');
    expect(methodFor({ token_endpoint_auth_methods_supported: ['client_secret_post'] }, true)).toBe(
      'client_secret_post',
    );
  });
});
