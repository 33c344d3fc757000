import { lazy, Suspense } from 'react';
import { SignInNotice } from '../../features/auth/sign-in-notice.tsx';
import { bearerChallenge } from '../../protocol/auth/www-authenticate.ts';
import { useDeps } from '../../store/deps-context.tsx';
import { useInspector, useInspectorActions } from '../../store/store-context.tsx';

// The "Authorization" region (every exchange of a sign-in, the token, the settings) loads when a sign-in begins: a
// server that asks for none never needs it.
const AuthorizationPanel = lazy(() =>
  import('../../features/auth/authorization-panel.tsx').then((m) => ({ default: m.AuthorizationPanel })),
);

/** Maps the auth slice to the sign-in notice and the "Authorization" region (connection area). */
export function AuthScreen() {
  const actions = useInspectorActions();
  const deps = useDeps();
  const { auth, challenge, settings, tokenServerUrl, connectedUrl } = useInspector((s) => ({
    auth: s.auth,
    challenge: s.authChallenge,
    settings: s.authSettings,
    tokenServerUrl: s.issuedToken?.serverUrl ?? null,
    connectedUrl: s.connectedUrl,
  }));
  const busy = auth.phase === 'running' || auth.phase === 'waiting-for-browser';
  if (!deps.auth) return null;
  const showPanel = auth.steps.length > 0 || challenge !== null || auth.phase !== 'idle';
  return (
    <>
      {challenge && (
        <SignInNotice
          status={challenge.status}
          kind={challenge.kind}
          scope={bearerChallenge(challenge.wwwAuthenticate)?.scope}
          busy={busy}
          stopped={auth.phase === 'stopped' ? auth.failure?.message : undefined}
          onSignIn={() => {
            if (!busy) void actions.signIn();
          }}
        />
      )}
      {showPanel && (
        <Suspense fallback={<p className="px-4 py-2 text-sm text-slate-500">Loading the sign-in steps…</p>}>
          <AuthorizationPanel
            auth={auth}
            tokenServerUrl={tokenServerUrl}
            connectedUrl={connectedUrl}
            settings={settings}
            ownMetadataUrl={deps.auth.metadataDocumentUrl}
            onSettings={(patch) => actions.setAuthSettings(patch)}
            onSignIn={() => void actions.signIn()}
            onSignOut={() => actions.signOut()}
            onSendStep={(r) => actions.sendHeldAuthStep(r)}
            onCancel={() => actions.cancelHeldAuthStep()}
            onRefresh={() => void actions.refreshAuthNow()}
          />
        </Suspense>
      )}
    </>
  );
}
