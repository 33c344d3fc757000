import { decodeJwt } from '../../protocol/request-state/decode-jwt.ts';
import type { TokenSet } from '../../session/auth/auth-model.ts';
import { useTickingClock } from '../../lib/use-ticking-clock.ts';

function mask(token: string): string {
  return token.length <= 12
    ? '•'.repeat(token.length)
    : `${token.slice(0, 6)}…${token.slice(-4)} (${token.length} chars)`;
}

function countdown(ms: number): string {
  if (ms <= 0) return `expired ${Math.round(-ms / 1000)} s ago`;
  const s = Math.round(ms / 1000);
  return s >= 120 ? `expires in ${Math.floor(s / 60)} min ${s % 60} s` : `expires in ${s} s`;
}

/**
 * The access token: masked, the server it was issued for (it is sent to no other), decoded when it is a JWT (claims,
 * exp countdown), and the granted scopes.
 */
export function TokenView({
  tokens,
  serverUrl,
  connectedUrl,
  onRefresh,
}: {
  tokens: TokenSet;
  /** the server the token was issued for; null when unknown */
  serverUrl: string | null;
  /** the server connected now; null when none */
  connectedUrl: string | null;
  onRefresh?: (() => void) | undefined;
}) {
  const now = useTickingClock(1000);
  const jwt = decodeJwt(tokens.accessToken, now);
  const claims = jwt && typeof jwt.claims === 'object' && jwt.claims !== null ? jwt.claims : null;
  const claimExp = claims && !Array.isArray(claims) && typeof claims.exp === 'number' ? claims.exp * 1000 : undefined;
  const expiresAt = tokens.expiresAt ?? claimExp;
  return (
    <section
      aria-label="Access token"
      className="space-y-1 rounded border border-emerald-200 bg-emerald-50 p-2 text-xs"
    >
      <p className="font-semibold text-emerald-900">Signed in: access token {mask(tokens.accessToken)}</p>
      {serverUrl && (
        <p>
          Issued for <span className="font-mono">{serverUrl}</span>: sent to that server only.
          {connectedUrl && connectedUrl !== serverUrl && (
            <>
              {' '}
              Not sent to <span className="font-mono">{connectedUrl}</span>, the server connected now.
            </>
          )}
        </p>
      )}
      <p>
        Issuer <span className="font-mono">{tokens.issuer}</span>, client{' '}
        <span className="font-mono">{tokens.clientId}</span>
      </p>
      <p>Granted scopes: {tokens.scope ? tokens.scope : '(the server did not say)'}</p>
      {expiresAt !== undefined && <p aria-live="off">{countdown(expiresAt - now)}</p>}
      <p>
        {tokens.refreshToken
          ? 'A refresh token is held: the access token is refreshed shortly before it expires.'
          : 'No refresh token: sign in again when it expires.'}
        {tokens.refreshToken && onRefresh && (
          <button type="button" className="ml-2 underline" onClick={onRefresh}>
            Refresh now
          </button>
        )}
      </p>
      {claims && (
        <details>
          <summary>JWT claims{jwt?.alg ? ` (alg ${jwt.alg}, signature not verified)` : ''}</summary>
          <pre className="overflow-auto whitespace-pre-wrap font-mono">{JSON.stringify(claims, null, 2)}</pre>
        </details>
      )}
    </section>
  );
}
