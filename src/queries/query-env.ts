import { useMemo } from 'react';
import type { QueryEnv } from '../queries/server-queries.ts';
import type { ConnectionContext } from '../session/compose.ts';
import { currentSettings, type ConnectionSettingsData, type ConnectionSlice } from '../store/connection-slice.ts';
import { useInspector, useInspectorStore } from '../store/store-context.tsx';
import { useDeps, type AppDeps } from '../store/deps-context.tsx';

/** The wire context of a connection's settings; the token becomes `Authorization: Bearer …`. */
export function contextOf(settings: ConnectionSettingsData): ConnectionContext {
  const ctx: ConnectionContext = {
    url: settings.url,
    protocolVersion: settings.protocolVersion,
    clientInfo: settings.clientInfo,
    headers: settings.customHeaders,
  };
  if (settings.bearerToken) ctx.authorization = `Bearer ${settings.bearerToken}`;
  return ctx;
}

/**
 * The connection as react-query sees it, from the store's state; null when not connected. Pure, so start-up code can
 * build the same query keys as the components (and start the first requests before the first render).
 */
export function queryEnvOf(state: ConnectionSlice, fetchFor: AppDeps['fetchFor']): QueryEnv | null {
  const { connectedSettings: captured, connectedUrl, connectNonce: nonce } = state;
  if (!connectedUrl) return null;
  // connectedUrl set without a capture (e.g. restored from storage): the working settings are the ones in force
  const settings = captured ?? { ...currentSettings(state), url: connectedUrl };
  const mode = settings.transportMode;
  return { ctx: contextOf(settings), fetch: fetchFor(mode), viaRelay: mode === 'relay', nonce };
}

/**
 * The connection as react-query sees it; null when not connected. Built from the settings captured at the last
 * Connect, so editing the version, token or headers applies on the next Connect, not on every keystroke.
 */
export function useQueryEnv(): QueryEnv | null {
  const deps = useDeps();
  const store = useInspectorStore();
  const { captured, connectedUrl, nonce } = useInspector((st) => ({
    captured: st.connectedSettings,
    connectedUrl: st.connectedUrl,
    nonce: st.connectNonce,
  }));
  return useMemo(
    () =>
      queryEnvOf(
        { ...store.getState(), connectedSettings: captured, connectedUrl, connectNonce: nonce },
        deps.fetchFor,
      ),
    [captured, connectedUrl, nonce, store, deps],
  );
}
