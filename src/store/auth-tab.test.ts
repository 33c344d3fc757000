/**
 * "Keep me signed in in this tab": tokens kept in sessionStorage (per server) only when the user opted in, and taken
 * back on the next load; the store signs in through the real flow and library against scripted servers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AS } from '../session/auth/oauth-servers.fixtures.ts';
import { noteUnauthorized, SERVER, signIn, signInStore } from './auth-store.fixtures.ts';
import type { TabStorage } from './auth-runtime.ts';
import { tokenFor } from './connection-slice.ts';

function memoryTab(): TabStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

/** A page load on the same tab storage. */
const load = (tab: TabStorage) =>
  // a confidential client (Dynamic Client Registration hands out a secret): the secret must stay out of the tab
  signInStore({ servers: { authMethods: ['client_secret_basic'] }, tabStorage: tab });

afterEach(() => vi.unstubAllGlobals());

describe('tokens kept in this tab', () => {
  it('are signed in again after a reload when the user opted in', async () => {
    const tab = memoryTab();
    const first = load(tab);
    first.getState().setAuthSettings({ keepInTab: true });
    await signIn(first);
    expect(first.getState().authRegistrations[AS]?.clientSecret).toBe('dcr-secret');
    expect([...tab.data.values()].join()).not.toContain('dcr-secret');

    const reloaded = load(tab);
    expect(reloaded.getState().restoreTabSignIn(SERVER)).toBe(true);
    const s = reloaded.getState();
    expect(s.auth.phase).toBe('signed-in');
    expect(s.auth.tokens).toMatchObject({ accessToken: 'at-1', refreshToken: 'rt-1', issuer: AS });
    // sent to the server it was issued for, and typed into no field
    expect(tokenFor(s, SERVER)).toBe('at-1');
    expect(s.bearerToken).toBe('');
    expect(s.authSettings.keepInTab).toBe(true);
    // the kept session still refreshes (same token endpoint and resource)
    await reloaded.getState().refreshAuthNow();
    expect(reloaded.getState().auth.steps.map((x) => x.kind)).toEqual(['refresh']);
  });

  it('are never kept, and nothing is restored, when the user did not opt in', async () => {
    const tab = memoryTab();
    await signIn(load(tab));
    expect(tab.data.size).toBe(0);
    const reloaded = load(tab);
    expect(reloaded.getState().restoreTabSignIn(SERVER)).toBe(false);
    expect(reloaded.getState().auth.phase).toBe('idle');
    expect(reloaded.getState().bearerToken).toBe('');
  });

  it('are forgotten on Sign out and when the user opts out', async () => {
    const tab = memoryTab();
    const store = load(tab);
    store.getState().setAuthSettings({ keepInTab: true });
    await signIn(store);
    store.getState().setAuthSettings({ keepInTab: false });
    expect(tab.data.size).toBe(0);
    store.getState().setAuthSettings({ keepInTab: true });
    expect(tab.data.size).toBe(1);
    store.getState().signOut();
    expect(tab.data.size).toBe(0);
    expect(load(tab).getState().restoreTabSignIn(SERVER)).toBe(false);
  });
});

describe('Sign in', () => {
  it('starts one flow when Sign in is pressed twice while its code is still loading', async () => {
    const store = load(memoryTab());
    const scripted = globalThis.fetch;
    const urls: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      urls.push(String(input));
      return scripted(input, init);
    });
    noteUnauthorized(store);
    await Promise.all([store.getState().signIn(), store.getState().signIn()]);
    expect(store.getState().auth.phase).toBe('signed-in');
    expect(urls.filter((u) => u === `${AS}/register`)).toHaveLength(1);
    expect(urls.filter((u) => u === `${AS}/token`)).toHaveLength(1);
  });
});
