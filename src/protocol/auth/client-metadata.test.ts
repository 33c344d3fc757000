import { describe, expect, it } from 'vitest';
import { clientMetadata } from './client-metadata.ts';

describe('clientMetadata', () => {
  it.each(['http://127.0.0.1:5173', 'http://localhost:5173', 'http://[::1]:5173'])(
    'declares application_type "native" for a loopback redirect (%s): a "web" client may not redirect to loopback',
    (origin) => {
      expect(clientMetadata(origin)).toMatchObject({
        application_type: 'native',
        redirect_uris: [`${origin}/oauth/callback`],
      });
    },
  );

  it('declares application_type "web" when served from a real host', () => {
    expect(clientMetadata('https://inspector.example').application_type).toBe('web');
  });
});
