/**
 * A store that signs in through the real flow and library against the scripted resource and authorization servers
 * (session/auth/oauth-servers.fixtures.ts): the page's fetch is stubbed to answer from them. Test support only; the
 * test unstubs the global fetch after each case.
 */
import { expect, vi } from 'vitest';
import { fakeServers, RS, type FakeOptions } from '../session/auth/oauth-servers.fixtures.ts';
import { createInspectorStore } from './inspector-store.ts';
import type { TabStorage } from './auth-runtime.ts';
import type { EraConnections } from '../client/legacy/era-connections.ts';

/** the scripted resource server's MCP endpoint, the one the tokens are issued for */
export const SERVER = `${RS}/mcp`;

/** A page load: a fresh store whose every fetch goes to the scripted servers (none to the network). */
export function signInStore(options: { servers?: FakeOptions; tabStorage?: TabStorage; eras?: EraConnections } = {}) {
  const fake = fakeServers(options.servers);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers: [string, string][] = [];
    new Headers(init?.headers).forEach((v, k) => headers.push([k, v]));
    const body = typeof init?.body === 'string' ? init.body : init?.body ? String(init.body) : undefined;
    const { response } = await fake.http({
      method: init?.method ?? 'GET',
      url: String(input),
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    return new Response(response.body, { status: response.status, headers: response.headers });
  });
  return createInspectorStore({
    fetchFor: () => () => Promise.reject(new Error('offline')),
    now: () => Date.now(),
    ...(options.eras ? { eras: options.eras } : {}),
    auth: {
      openBrowser: (url) => fake.openBrowser(url),
      redirectUri: 'http://127.0.0.1:5173/oauth/callback',
      metadataDocumentUrl: '',
      registrationMetadata: { client_name: 'test', redirect_uris: ['http://127.0.0.1:5173/oauth/callback'] },
      ...(options.tabStorage ? { tabStorage: options.tabStorage } : {}),
    },
  });
}

type Store = ReturnType<typeof signInStore>;

/** The server's 401 with its protected resource metadata, as the store notes it from a leg's answer. */
export function noteUnauthorized(store: Store) {
  store.getState().noteAuthResponse({
    url: SERVER,
    method: 'POST',
    status: 401,
    wwwAuthenticate: `Bearer resource_metadata="${RS}/.well-known/oauth-protected-resource/mcp"`,
    hadBearer: false,
  });
}

/** The 401, then Sign in, through to signed in. */
export async function signIn(store: Store) {
  noteUnauthorized(store);
  await store.getState().signIn();
  expect(store.getState().auth.phase).toBe('signed-in');
}
