import type { StateCreator } from 'zustand';
import { createAuthHttp } from '../client/auth/auth-http.ts';
import { challengeKindOf } from '../protocol/auth/www-authenticate.ts';
import type { RegisteredClient } from '../protocol/auth/oauth-lib.ts';
import {
  INITIAL_AUTH,
  type AuthEvent,
  type AuthFlowState,
  type AuthSettings,
  type TokenSet,
} from '../session/auth/auth-model.ts';
import { reduceAuth } from '../session/auth/auth-reducer.ts';
import type { OAuthFlowDeps, OAuthSession } from '../session/auth/oauth.ts';
import { refreshDelayMs, tabTokenStore } from './auth-runtime.ts';
import type { TransportMode } from './connection-slice.ts';
import type { InspectorDeps, InspectorState } from './inspector-store.ts';
import type { AuthHttpRequest } from '../protocol/auth/http.ts';

/** What a response said that asks for authorization: a 401, or a 403 with error="insufficient_scope". */
interface AuthChallenge {
  serverUrl: string;
  status: number;
  wwwAuthenticate: string | null;
  kind: 'unauthorized' | 'insufficient_scope';
}

export interface AuthSlice {
  /** the flow's steps, tokens and failure (memory only: never persisted, exported or shared) */
  auth: AuthFlowState;
  /** the latest response that asked for authorization; null = none */
  authChallenge: AuthChallenge | null;
  authSettings: AuthSettings;
  /** registrations by issuer (a new authorization server gets its own) */
  authRegistrations: Record<string, RegisteredClient>;
  setAuthSettings: (patch: Partial<AuthSettings>) => void;
  /** a response came back for `url` (the transport reports every one) */
  noteAuthResponse: (info: {
    url: string;
    method: string;
    status: number;
    wwwAuthenticate: string | null;
    hadBearer: boolean;
  }) => void;
  signIn: () => Promise<void>;
  signOut: () => void;
  /** send the held step (possibly edited) */
  sendHeldAuthStep: (request: AuthHttpRequest) => void;
  cancelHeldAuthStep: () => void;
  refreshAuthNow: () => Promise<void>;
  /**
   * Before connecting to `serverUrl` on load: when the user chose "Keep me signed in in this tab" for it, take the
   * kept tokens back (bearer, signed-in state, refresh). Returns whether it did; never reads anything otherwise kept.
   */
  restoreTabSignIn: (serverUrl: string) => boolean;
}

const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  clientId: '',
  clientSecret: '',
  clientIssuer: '',
  metadataDocumentUrl: '',
  stepThrough: false,
  keepInTab: false,
};

/**
 * What the auth slice is given of the connection (store/flows/store-flows.ts): which server it is on, how it sends,
 * the token a request to a URL carries, and connecting again so new tokens take effect.
 */
export interface AuthLinks {
  connectedUrl: () => string | null;
  transportMode: () => TransportMode;
  tokenFor: (url: string) => string;
  reconnect: (url: string) => void;
}

export const createAuthSlice =
  (deps: InspectorDeps, links: AuthLinks): StateCreator<InspectorState, [], [], AuthSlice> =>
  (set, get) => {
    let held: ((r: AuthHttpRequest | null) => void) | null = null;
    let browserWait: AbortController | null = null;
    let session: OAuthSession | null = null;
    /** the server URL the current tokens were issued for: they and their refreshes go to it and nowhere else */
    let boundUrl: string | null = null;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    const dispatch = (e: AuthEvent) => set((s) => ({ auth: reduceAuth(s.auth, e) }));
    const tabStore = tabTokenStore(deps.auth?.tabStorage);

    let oauthModules: Promise<
      [typeof import('../client/auth/oauth4webapi-lib.ts'), typeof import('../session/auth/oauth.ts')]
    > | null = null;
    // loaded once; asked for as soon as a server says it needs authorization, so Sign in finds it ready
    const loadOAuth = () =>
      (oauthModules ??= Promise.all([
        import('../client/auth/oauth4webapi-lib.ts'),
        import('../session/auth/oauth.ts'),
      ]));
    // one sign-in at a time: a second press while the flow's code is still loading is ignored
    let signingIn = false;

    /**
     * What the OAuth flow needs. The flow and its library (oauth4webapi) load on the first sign-in or refresh, not
     * with the first screen: most servers need no authorization.
     */
    async function flowDeps(): Promise<{ d: OAuthFlowDeps; flow: typeof import('../session/auth/oauth.ts') } | null> {
      const env = deps.auth;
      if (!env) return null;
      const [{ createOAuthLib }, flow] = await loadOAuth();
      const s = get();
      const http = createAuthHttp({
        ...(env.relayToken ? { relayToken: env.relayToken } : {}),
        preferRelay: links.transportMode() === 'relay',
      });
      const d: OAuthFlowDeps = {
        lib: createOAuthLib(),
        http,
        openBrowser: (url) => {
          browserWait = new AbortController();
          return env.openBrowser(url, browserWait.signal);
        },
        dispatch,
        getState: () => get().auth,
        now: deps.now,
        newId: () => `auth-${Math.round(deps.now())}-${Math.random().toString(36).slice(2, 8)}`,
        ...(s.authSettings.stepThrough
          ? {
              hold: (step) =>
                new Promise<AuthHttpRequest | null>((resolve) => {
                  held = resolve;
                  void step;
                }),
            }
          : {}),
      };
      return { d, flow };
    }

    async function signInWith(loaded: Awaited<ReturnType<typeof flowDeps>>): Promise<void> {
      const s = get();
      const challenge = s.authChallenge;
      const serverUrl = challenge?.serverUrl ?? links.connectedUrl();
      if (!loaded || !serverUrl || !deps.auth) return;
      const { d, flow } = loaded;
      const env = deps.auth;
      // signing in to another server ends the sign-in to the previous one (one sign-in at a time)
      if (boundUrl !== null && boundUrl !== serverUrl) forgetTokens();
      const docUrl = s.authSettings.metadataDocumentUrl || env.metadataDocumentUrl;
      const result = await flow.runOAuthFlow(
        {
          serverUrl,
          challenge: { status: challenge?.status ?? 401, wwwAuthenticate: challenge?.wwwAuthenticate ?? null },
          identity: {
            clientId: s.authSettings.clientId,
            clientSecret: s.authSettings.clientSecret,
            clientIssuer: s.authSettings.clientIssuer,
            metadataDocumentUrl: docUrl,
          },
          redirectUri: env.redirectUri,
          registrations: s.authRegistrations,
          registrationMetadata: env.registrationMetadata,
        },
        d,
      );
      held = null;
      const registration = result.ok ? result.client : result.registration;
      if (registration?.kind === 'dcr')
        set((st) => ({ authRegistrations: { ...st.authRegistrations, [registration.issuer]: registration } }));
      if (!result.ok) return;
      // pre-registered credentials belong to the authorization server they first signed in with
      if (result.client.kind === 'pre-registered' && !get().authSettings.clientIssuer)
        set((st) => ({ authSettings: { ...st.authSettings, clientIssuer: result.client.issuer } }));
      session = { as: result.as, client: result.client, resource: result.resource };
      applyTokens(serverUrl, result.tokens, true);
    }

    /**
     * Bind `tokens` to `serverUrl`, the server they were issued for: requests to it carry them, requests to any other
     * server (another URL typed, another connection, whatever is connected when a refresh fires) do not.
     */
    function applyTokens(serverUrl: string, tokens: TokenSet, reconnect: boolean) {
      boundUrl = serverUrl;
      set((st) => ({
        issuedToken: { serverUrl, accessToken: tokens.accessToken },
        authChallenge: st.authChallenge?.serverUrl === serverUrl ? null : st.authChallenge,
        connectedSettings:
          st.connectedSettings?.url === serverUrl
            ? { ...st.connectedSettings, bearerToken: tokens.accessToken }
            : st.connectedSettings,
      }));
      if (get().authSettings.keepInTab) tabStore.save(serverUrl, tokens, session);
      authorizeLegacySession(serverUrl);
      if (reconnect && links.connectedUrl() === serverUrl) links.reconnect(serverUrl);
      scheduleRefresh(tokens);
    }

    /**
     * An open 2025-11-25 session to `url` (only that server's: `legacyFor` matches its URL) sends what requests to
     * `url` carry now on its next request and stream: a refreshed token, not the one it opened with.
     */
    function authorizeLegacySession(url: string) {
      const token = links.tokenFor(url);
      deps.eras?.legacyFor(url)?.authorize(token ? `Bearer ${token}` : undefined);
    }

    /** Drop the current tokens: no request carries them any more, and no refresh is pending. */
    function forgetTokens() {
      clearTimeout(refreshTimer);
      session = null;
      const url = boundUrl;
      boundUrl = null;
      set((st) => {
        const issued = st.issuedToken;
        const connected = st.connectedSettings;
        return {
          issuedToken: null,
          connectedSettings:
            connected && issued && connected.url === url && connected.bearerToken === issued.accessToken
              ? { ...connected, bearerToken: st.bearerTokenFor === url ? st.bearerToken : '' }
              : connected,
        };
      });
      if (url !== null) authorizeLegacySession(url);
    }

    function scheduleRefresh(tokens: TokenSet) {
      clearTimeout(refreshTimer);
      const delay = refreshDelayMs(tokens, deps.now());
      if (delay === null) return;
      refreshTimer = setTimeout(() => void get().refreshAuthNow(), delay);
    }

    return {
      auth: INITIAL_AUTH,
      authChallenge: null,
      authSettings: DEFAULT_AUTH_SETTINGS,
      authRegistrations: {},
      setAuthSettings: (patch) => {
        const before = get();
        // another client ID is another registration: it is bound to its own authorization server
        const unbind = patch.clientId !== undefined && patch.clientId !== before.authSettings.clientId;
        set((s) => ({
          authSettings: {
            ...s.authSettings,
            ...(unbind && patch.clientIssuer === undefined ? { clientIssuer: '' } : {}),
            ...patch,
          },
        }));
        const url = boundUrl;
        if (patch.keepInTab === undefined || patch.keepInTab === before.authSettings.keepInTab || !url) return;
        // opting in while signed in keeps the current tokens; opting out forgets them in this tab at once
        if (patch.keepInTab && before.auth.tokens) tabStore.save(url, before.auth.tokens, session);
        else if (!patch.keepInTab) tabStore.remove(url);
      },
      noteAuthResponse: ({ url, method, status, wwwAuthenticate, hadBearer }) => {
        const kind = challengeKindOf(status, wwwAuthenticate);
        if (kind) {
          void loadOAuth();
          if (get().auth.phase === 'running' || get().auth.phase === 'waiting-for-browser') return;
          set({ authChallenge: { serverUrl: url, status, wwwAuthenticate, kind } });
          void method;
          return;
        }
        if (hadBearer && status >= 200 && status < 300) dispatch({ type: 'auth/request-accepted' });
      },
      signIn: async () => {
        if (signingIn) return;
        signingIn = true;
        let loaded: Awaited<ReturnType<typeof flowDeps>>;
        try {
          loaded = await flowDeps();
        } finally {
          // from here the flow's own phase (started at once, synchronously) keeps a second sign-in out
          signingIn = false;
        }
        await signInWith(loaded);
      },
      signOut: () => {
        held?.(null);
        held = null;
        browserWait?.abort();
        browserWait = null;
        const url = boundUrl ?? get().auth.serverUrl;
        if (url) tabStore.remove(url);
        forgetTokens();
        dispatch({ type: 'auth/signed-out' });
      },
      sendHeldAuthStep: (request) => {
        const resolve = held;
        held = null;
        resolve?.(request);
      },
      cancelHeldAuthStep: () => {
        const resolve = held;
        held = null;
        resolve?.(null);
        browserWait?.abort();
        browserWait = null;
      },
      refreshAuthNow: async () => {
        const loaded = await flowDeps();
        const tokens = get().auth.tokens;
        const serverUrl = boundUrl;
        if (!tokens || !session || !loaded || !serverUrl) return;
        const { d, flow } = loaded;
        // a session kept in the tab has no client secret: the one typed in the settings (memory) is used
        const client = session.client.clientSecret
          ? session.client
          : { ...session.client, clientSecret: get().authSettings.clientSecret };
        const next = await flow.refreshTokens({ ...session, client }, tokens, { ...d, hold: undefined });
        // a sign-in to another server may have begun meanwhile: then this refresh is not applied
        if (next && boundUrl === serverUrl) applyTokens(serverUrl, next, false);
      },
      restoreTabSignIn: (serverUrl) => {
        const kept = tabStore.load(serverUrl);
        if (!kept) return false;
        session = kept.session;
        boundUrl = serverUrl;
        set((s) => ({
          authSettings: { ...s.authSettings, keepInTab: true },
          authChallenge: null,
          issuedToken: { serverUrl, accessToken: kept.tokens.accessToken },
        }));
        dispatch({ type: 'auth/restored', serverUrl, tokens: kept.tokens });
        if (session) scheduleRefresh(kept.tokens);
        return true;
      },
    };
  };
