import { useMemo } from 'react';
import type { QueryEnv } from '../queries/server-queries.ts';
import { useInspector, useInspectorStore } from '../store/store-context.tsx';
import { useDeps } from '../store/deps-context.tsx';

/** The connection as react-query sees it; null when not connected. */
export function useQueryEnv(): QueryEnv | null {
  const store = useInspectorStore();
  const deps = useDeps();
  const s = useInspector((st) => ({
    connectedUrl: st.connectedUrl,
    nonce: st.connectNonce,
    protocolVersion: st.protocolVersion,
    token: st.bearerToken,
    headers: st.customHeaders,
    mode: st.transportMode,
  }));
  return useMemo(() => {
    if (!s.connectedUrl) return null;
    const ctx = store.getState().connectionContext();
    return { ctx, fetch: deps.fetchFor(s.mode), viaRelay: s.mode === 'relay', nonce: s.nonce };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [s.connectedUrl, s.nonce, s.protocolVersion, s.token, s.headers, s.mode, store, deps]);
}
