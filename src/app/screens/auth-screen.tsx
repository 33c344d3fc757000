import { AuthorizationPanel } from '../../features/auth/authorization-panel.tsx';
import { SignInNotice } from '../../features/auth/sign-in-notice.tsx';
import { bearerChallenge } from '../../protocol/auth/www-authenticate.ts';
import { useDeps } from '../../store/deps-context.tsx';
import { useInspector, useInspectorActions } from '../../store/store-context.tsx';

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
      )}
    </>
  );
}
