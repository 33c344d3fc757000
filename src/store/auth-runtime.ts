/**
 * Small helpers of the auth slice: when to refresh, and the opt-in per-tab token store (sessionStorage, per server).
 */
import type { TokenSet } from '../session/auth/auth-model.ts';
import type { OAuthSession } from '../session/auth/oauth.ts';

/** Refresh a little before expiry: 30 s early, or at 80 % of a shorter lifetime; null when there is nothing to do. */
export function refreshDelayMs(tokens: TokenSet, now: number): number | null {
  if (!tokens.refreshToken || tokens.expiresAt === undefined) return null;
  const left = tokens.expiresAt - now;
  const margin = Math.min(30_000, Math.max(1_000, left * 0.2));
  return Math.max(0, left - margin);
}

export interface TabStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const PREFIX = 'mrtr-inspector/auth/';

/** What the tab keeps for one server: the tokens, and where to refresh them (never a client secret). */
export interface TabSignIn {
  tokens: TokenSet;
  session: OAuthSession | null;
}

function isTokenSet(v: unknown): v is TokenSet {
  const t = v as Partial<TokenSet> | null;
  return (
    typeof t === 'object' &&
    t !== null &&
    typeof t.accessToken === 'string' &&
    typeof t.issuer === 'string' &&
    typeof t.clientId === 'string'
  );
}

function isSession(v: unknown): v is OAuthSession {
  const s = v as Partial<OAuthSession> | null;
  return (
    typeof s === 'object' &&
    s !== null &&
    typeof s.resource === 'string' &&
    typeof s.as?.issuer === 'string' &&
    typeof s.client?.clientId === 'string'
  );
}

/**
 * Tokens kept in this tab (sessionStorage, per server URL) only when the user opts in; never in IndexedDB, exports,
 * HAR or share links. A stored entry is the opt-in itself: nothing is written unless the user asked.
 */
export function tabTokenStore(storage: TabStorage | undefined) {
  return {
    save(serverUrl: string, tokens: TokenSet, session: OAuthSession | null) {
      // the client secret stays in memory: a confidential client types it again after a reload to refresh
      const kept = session ? { ...session, client: { ...session.client, clientSecret: '' } } : null;
      storage?.setItem(PREFIX + serverUrl, JSON.stringify({ tokens, session: kept }));
    },
    remove(serverUrl: string) {
      storage?.removeItem(PREFIX + serverUrl);
    },
    load(serverUrl: string): TabSignIn | null {
      const text = storage?.getItem(PREFIX + serverUrl);
      if (!text) return null;
      try {
        const v = JSON.parse(text) as { tokens?: unknown; session?: unknown };
        if (!isTokenSet(v.tokens)) return null;
        return { tokens: v.tokens, session: isSession(v.session) ? v.session : null };
      } catch {
        return null;
      }
    },
  };
}
