/**
 * Small helpers of the auth slice: when to refresh, and the opt-in per-tab token store (sessionStorage, per server).
 */
import type { TokenSet } from '../session/auth/model.ts';

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

/** Tokens kept in this tab only when the user opts in; never in IndexedDB, exports, HAR or share links. */
export function tabTokenStore(storage: TabStorage | undefined) {
  return {
    save(serverUrl: string, tokens: TokenSet) {
      storage?.setItem(PREFIX + serverUrl, JSON.stringify(tokens));
    },
    remove(serverUrl: string) {
      storage?.removeItem(PREFIX + serverUrl);
    },
    load(serverUrl: string): TokenSet | null {
      const text = storage?.getItem(PREFIX + serverUrl);
      if (!text) return null;
      try {
        const t = JSON.parse(text) as TokenSet;
        return typeof t.accessToken === 'string' ? t : null;
      } catch {
        return null;
      }
    },
  };
}
