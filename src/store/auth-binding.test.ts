/**
 * A token is sent only to the server it was issued for (MCP 2026-07-28 basic/authorization, "Token Audience Binding":
 * clients MUST NOT send a token to any server other than the one it was issued for). Typing another URL, switching
 * connections, a refresh that fires while another server is connected: none of them carries the token along.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EraConnections } from '../client/legacy/era-connections.ts';
import { LegacySession } from '../client/legacy/legacy-session.ts';
import { connectionContextOf } from '../session/selectors.ts';
import { AS } from '../session/auth/oauth-servers.fixtures.ts';
import { SERVER, signIn, signInStore } from './auth-store.fixtures.ts';
import { connectedSettingsOf, currentSettings } from './connection-slice.ts';

const OTHER = 'http://127.0.0.1:7999/other/mcp';
type Store = ReturnType<typeof signInStore>;

/** Connected to the server, then signed in there. */
async function connectAndSignIn(store: Store) {
  store.getState().connect(SERVER);
  await signIn(store);
}

/** the Authorization header every request of the working and the connected settings would carry */
function sentAuthorization(store: Store) {
  const s = store.getState();
  const connected = connectedSettingsOf(s);
  return {
    working: connectionContextOf(currentSettings(s)).authorization,
    connected: connected ? connectionContextOf(connected).authorization : undefined,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('a signed-in token is bound to its server', () => {
  it('goes to the server it was issued for, and not to another URL the user connects to', async () => {
    const store = signInStore();
    await connectAndSignIn(store);
    expect(sentAuthorization(store)).toEqual({ working: 'Bearer at-1', connected: 'Bearer at-1' });

    store.getState().setServerUrl(OTHER);
    store.getState().connect();
    expect(sentAuthorization(store)).toEqual({ working: undefined, connected: undefined });

    // back on the server it was issued for, it is sent again
    store.getState().connect(SERVER);
    expect(sentAuthorization(store)).toEqual({ working: 'Bearer at-1', connected: 'Bearer at-1' });
  });

  it('is never written into a saved connection, nor carried when switching to another one', async () => {
    const store = signInStore();
    store.getState().setServerUrl(OTHER);
    const other = store.getState().saveConnection('other');
    await connectAndSignIn(store);
    store.getState().switchConnection(other);
    expect(sentAuthorization(store)).toEqual({ working: undefined, connected: undefined });
    expect(store.getState().savedConnections.every((c) => c.bearerToken === '')).toBe(true);
    expect(store.getState().bearerToken).toBe('');
  });

  it('is refreshed for its own server even when another server is connected when the refresh fires', async () => {
    const store = signInStore();
    await connectAndSignIn(store);
    store.getState().connect(OTHER);
    await store.getState().refreshAuthNow();
    expect(store.getState().auth.tokens?.accessToken).toBe('at-2');
    expect(sentAuthorization(store)).toEqual({ working: undefined, connected: undefined });
    store.getState().connect(SERVER);
    expect(sentAuthorization(store)).toEqual({ working: 'Bearer at-2', connected: 'Bearer at-2' });
  });

  it('is no longer sent anywhere after Sign out', async () => {
    const store = signInStore();
    await connectAndSignIn(store);
    store.getState().signOut();
    expect(sentAuthorization(store)).toEqual({ working: undefined, connected: undefined });
  });
});

/** The connection's 2025-11-25 session to `url`, opened with `authorization`; `sent` lists each request's Authorization. */
async function legacyConnection(url: string, authorization?: string) {
  const sent: (string | null)[] = [];
  const session = new LegacySession({
    url,
    fetch: (_url, init) => {
      sent.push(new Headers(init.headers).get('authorization'));
      return Promise.resolve(new Response(null, { status: 202 }));
    },
    clientInfo: { name: 'c', version: '1' },
    capabilities: {},
    ...(authorization ? { headers: { authorization } } : {}),
  });
  const eras = new EraConnections();
  await eras.resolve('connect-1', () =>
    Promise.resolve({ era: 'legacy', url, session, reason: 'test', handshake: [] }),
  );
  await Promise.resolve();
  return { eras, session, sent };
}

describe('a refreshed token and an open 2025-11-25 session', () => {
  it('reaches the session open to the server it was issued for: its next request carries it, not the stale one', async () => {
    const legacy = await legacyConnection(SERVER, 'Bearer at-1');
    const store = signInStore({ eras: legacy.eras });
    await connectAndSignIn(store);
    await store.getState().refreshAuthNow();
    await legacy.session.notify('notifications/roots/list_changed');
    expect(legacy.sent.at(-1)).toBe('Bearer at-2');
  });

  it('never reaches a session open to another server', async () => {
    const legacy = await legacyConnection(OTHER);
    const store = signInStore({ eras: legacy.eras });
    await connectAndSignIn(store);
    store.getState().connect(OTHER);
    await store.getState().refreshAuthNow();
    await legacy.session.notify('notifications/roots/list_changed');
    expect(legacy.sent.at(-1)).toBeNull();
  });

  it('reaches it at sign-in, and leaves it after Sign out', async () => {
    const legacy = await legacyConnection(SERVER);
    const store = signInStore({ eras: legacy.eras });
    await connectAndSignIn(store);
    await legacy.session.notify('notifications/roots/list_changed');
    expect(legacy.sent.at(-1)).toBe('Bearer at-1');
    store.getState().signOut();
    await legacy.session.notify('notifications/roots/list_changed');
    expect(legacy.sent.at(-1)).toBeNull();
  });
});

describe('a bearer token typed by hand', () => {
  it('belongs to the Server URL it was typed for: connecting to another URL does not carry it, and says so', () => {
    const store = signInStore();
    store.getState().connect(SERVER);
    store.getState().setBearerToken('typed-secret');
    expect(sentAuthorization(store).working).toBe('Bearer typed-secret');
    store.getState().connect(OTHER);
    expect(sentAuthorization(store)).toEqual({ working: undefined, connected: undefined });
    expect(store.getState().connectionNote).toMatch(/not sent to/);
  });

  it('typed after the new URL (before Connect) goes to that URL', () => {
    const store = signInStore();
    store.getState().connect(SERVER);
    store.getState().setServerUrl(OTHER);
    store.getState().setBearerToken('typed-for-other');
    // still connected to SERVER: the token typed for OTHER is not sent there
    expect(sentAuthorization(store).working).toBeUndefined();
    store.getState().connect();
    expect(sentAuthorization(store)).toEqual({
      working: 'Bearer typed-for-other',
      connected: 'Bearer typed-for-other',
    });
  });
});

describe('pre-registered credentials', () => {
  it('are bound to the authorization server they first sign in with, and unbound when another client ID is typed', async () => {
    const store = signInStore();
    store.getState().setAuthSettings({ clientId: 'pre', clientSecret: 'pre-secret' });
    await connectAndSignIn(store);
    expect(store.getState().auth.tokens?.clientId).toBe('pre');
    expect(store.getState().authSettings.clientIssuer).toBe(AS);
    store.getState().setAuthSettings({ clientId: 'other' });
    expect(store.getState().authSettings.clientIssuer).toBe('');
  });
});
