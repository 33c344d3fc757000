/**
 * The sign-in window's side of the redirect: the authorization server sends the browser back to `/oauth/callback`
 * (this app's own origin); this page hands the URL (code, state, iss or error) to the inspector tab over a
 * BroadcastChannel and closes. It does not start the app (no store, no storage, no tab lock).
 */
import { CALLBACK_PATH } from '../protocol/auth/client-metadata.ts';

const OAUTH_CHANNEL = 'mrtr-inspector/oauth-callback';

export function isOAuthCallback(location: Location): boolean {
  return location.pathname === CALLBACK_PATH;
}

export function handleOAuthCallback(location: Location, root: HTMLElement): void {
  const channel = new BroadcastChannel(OAUTH_CHANNEL);
  channel.postMessage({ type: 'oauth-callback', url: location.href });
  channel.close();
  const p = document.createElement('p');
  p.style.font = '16px system-ui, sans-serif';
  p.style.margin = '2rem';
  p.textContent = 'Sign-in finished: the inspector has the answer. You can close this window.';
  root.replaceChildren(p);
  window.close();
}

/**
 * Open the authorization URL in a sign-in window (a new top-level window, `noopener`, so the authorization server's
 * pages get no handle on the inspector) and resolve with the URL the server redirected back to. The inspector tab
 * keeps its whole session in memory meanwhile. `signal` ends the wait (Sign out, Cancel).
 */
export function openSignInWindow(url: string, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const channel = new BroadcastChannel(OAUTH_CHANNEL);
    const done = () => channel.close();
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type !== 'oauth-callback' || typeof data.url !== 'string') return;
      done();
      resolve(data.url);
    };
    signal?.addEventListener('abort', () => {
      done();
      reject(new Error('Sign-in cancelled.'));
    });
    window.open(url, '_blank', 'noopener,noreferrer,popup,width=520,height=700');
  });
}
