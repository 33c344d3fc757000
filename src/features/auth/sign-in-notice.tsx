import { Button } from '../../components/ui/button.tsx';

export interface SignInNoticeProps {
  status: number;
  kind: 'unauthorized' | 'insufficient_scope';
  /** `scope` the server asked for, when it said */
  scope?: string | undefined;
  /** the flow is running (or waiting for the sign-in window) */
  busy: boolean;
  /** why the inspector will not authorize again (retry limit), when it will not */
  stopped?: string | undefined;
  onSignIn: () => void;
}

/** Shown in the connection area when a server answered 401, or 403 insufficient_scope: what it means, and "Sign in". */
export function SignInNotice({ status, kind, scope, busy, stopped, onSignIn }: SignInNoticeProps) {
  const text =
    kind === 'unauthorized'
      ? `This server needs authorization: it answered HTTP ${status}${scope ? ` and asks for scope "${scope}"` : ''}. Sign in with its authorization server to get an access token; the inspector then sends it as a Bearer token on every request.`
      : `The server refused this request for lack of scope (HTTP 403 insufficient_scope${scope ? `, needs "${scope}"` : ''}). Signing in again asks for these scopes together with the ones you already have.`;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
    >
      <p className="min-w-0 flex-1">{stopped ?? text}</p>
      {!stopped && (
        <Button variant="primary" onClick={onSignIn} aria-disabled={busy || undefined} disabled={false}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      )}
    </div>
  );
}
