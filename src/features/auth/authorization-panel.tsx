import { Button } from '../../components/ui/button.tsx';
import { SPEC } from '../../protocol/auth/spec-refs.ts';
import type { AuthFlowState, AuthSettings } from '../../session/auth/auth-model.ts';
import { AuthSequence } from './auth-sequence.tsx';
import { AuthSettingsForm } from './auth-settings-form.tsx';
import { AuthStepView } from './auth-step-view.tsx';
import { HeldStepEditor } from './held-step-editor.tsx';
import { TokenView } from './token-view.tsx';
import type { AuthHttpRequest } from '../../protocol/auth/http.ts';

export interface AuthorizationPanelProps {
  auth: AuthFlowState;
  /** the server the signed-in token was issued for (null: none) and the server connected now */
  tokenServerUrl: string | null;
  connectedUrl: string | null;
  settings: AuthSettings;
  /** the metadata document URL this app serves ('' when none) */
  ownMetadataUrl: string;
  onSettings: (patch: Partial<AuthSettings>) => void;
  onSignIn: () => void;
  onSignOut: () => void;
  onSendStep: (request: AuthHttpRequest) => void;
  onCancel: () => void;
  onRefresh: () => void;
}

const PHASE: Record<AuthFlowState['phase'], string> = {
  idle: 'Not signed in.',
  running: 'Signing in…',
  'waiting-for-browser': 'Waiting for the sign-in window: finish there (it closes by itself).',
  'signed-in': 'Signed in.',
  failed: 'Sign-in failed.',
  stopped: 'Stopped.',
};

/** The region "Authorization": every exchange of the sign-in in order, the sequence, the token, Sign out. */
export function AuthorizationPanel(p: AuthorizationPanelProps) {
  const { auth } = p;
  const held = auth.steps.find((s) => s.status === 'held');
  const busy = auth.phase === 'running' || auth.phase === 'waiting-for-browser';
  const failureSpec = auth.failure ? SPEC[auth.failure.spec] : undefined;
  return (
    <section aria-label="Authorization" className="space-y-2 border-b border-slate-200 bg-white px-4 py-2 text-sm">
      <header className="flex flex-wrap items-center gap-3">
        <h2 className="font-semibold">Authorization</h2>
        <p role="status" className="text-slate-700">
          {PHASE[auth.phase]}
        </p>
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            role="switch"
            checked={p.settings.stepThrough}
            onChange={(e) => p.onSettings({ stepThrough: e.target.checked })}
          />
          Step through
        </label>
        {!busy && auth.phase !== 'signed-in' && <Button onClick={p.onSignIn}>Sign in</Button>}
        {busy && !held && <Button onClick={p.onCancel}>Cancel sign-in</Button>}
        {(auth.tokens || auth.phase === 'failed' || auth.phase === 'stopped') && (
          <Button variant="ghost" onClick={p.onSignOut}>
            Sign out
          </Button>
        )}
      </header>
      {auth.failure && failureSpec && (
        <div role="alert" className="rounded border border-red-200 bg-red-50 p-2 text-red-900">
          <p>{auth.failure.message}</p>
          <p className="text-xs">
            Spec:{' '}
            <a className="underline" href={failureSpec.url} target="_blank" rel="noopener noreferrer">
              {failureSpec.title}
            </a>
            . Your session is kept; fix the cause and Sign in again.
          </p>
        </div>
      )}
      {held && <HeldStepEditor key={held.id} step={held} onSend={p.onSendStep} onCancel={p.onCancel} />}
      {auth.tokens && (
        <TokenView
          tokens={auth.tokens}
          serverUrl={p.tokenServerUrl}
          connectedUrl={p.connectedUrl}
          onRefresh={p.onRefresh}
        />
      )}
      {auth.steps.length > 0 && (
        <>
          <AuthSequence steps={auth.steps} />
          <ol aria-label="Sign-in steps" className="max-h-96 space-y-1 overflow-auto">
            {auth.steps.map((s, i) => (
              <AuthStepView key={s.id} step={s} index={i} />
            ))}
          </ol>
        </>
      )}
      <AuthSettingsForm value={p.settings} ownMetadataUrl={p.ownMetadataUrl} onChange={p.onSettings} />
    </section>
  );
}
