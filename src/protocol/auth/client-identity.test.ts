import { describe, expect, it } from 'vitest';
import { planIdentity, type IdentitySettings } from './client-identity.ts';

const AS = {
  issuer: 'https://as.example',
  client_id_metadata_document_supported: true,
  registration_endpoint: 'https://as.example/register',
  token_endpoint_auth_methods_supported: ['none'],
};
const settings = (metadataDocumentUrl: string): IdentitySettings => ({
  clientId: '',
  clientSecret: '',
  metadataDocumentUrl,
});

describe('planIdentity: Client ID Metadata Documents', () => {
  it('uses an https client_id URL with a path when the server supports them', () => {
    expect(planIdentity(settings('https://app.example/oauth/client-metadata.json'), AS)).toMatchObject({
      kind: 'cimd',
      clientId: 'https://app.example/oauth/client-metadata.json',
    });
  });

  it.each([
    ['http://127.0.0.1:5173/oauth/client-metadata.json', 'https'],
    ['https://app.example', 'path'],
    ['https://app.example/', 'path'],
    ['not a url', 'https'],
  ])('falls back to Dynamic Client Registration for %s, saying why', (url, why) => {
    const plan = planIdentity(settings(url), AS);
    expect(plan.kind).toBe('dcr');
    expect(plan.kind === 'dcr' && plan.notes.join(' ')).toContain(
      `but this app's client_id URL ${url} is not an https URL with a path`,
    );
    expect(plan.kind === 'dcr' && plan.notes.join(' ')).toContain(why === 'https' ? 'https' : 'path');
  });

  it('says nothing about metadata documents when the server does not support them', () => {
    const plan = planIdentity(settings('http://127.0.0.1:5173/oauth/client-metadata.json'), {
      ...AS,
      client_id_metadata_document_supported: false,
    });
    expect(plan).toMatchObject({ kind: 'dcr', notes: [] });
  });
});
