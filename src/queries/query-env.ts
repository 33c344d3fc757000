import { useMemo } from 'react';
import type { QueryEnv } from '../queries/server-queries.ts';
import { connectionContextOf } from '../session/selectors.ts';
import { useInspector, useInspectorActions } from '../store/store-context.tsx';
import type { ExchangeRecorder } from './rpc.ts';
import { useDeps, type AppDeps } from '../store/deps-context.tsx';
import { connectedSettingsOf, type ConnectionSettingsData } from '../store/connection-slice.ts';

/**
 * The connection as react-query sees it, from the settings in force (`connectedSettingsOf`); null when not connected.
 * Pure, so start-up code can build the same query keys as the components (and start the first requests before the
 * first render).
 */
export function queryEnvOf(
  settings: ConnectionSettingsData | null,
  nonce: number,
  fetchFor: AppDeps['fetchFor'],
  eras?: AppDeps['eras'],
  record?: ExchangeRecorder,
): QueryEnv | null {
  if (!settings) return null;
  const mode = settings.transportMode;
  const env: QueryEnv = {
    ctx: connectionContextOf(settings),
    fetch: fetchFor(mode),
    viaRelay: mode === 'relay',
    nonce,
  };
  if (settings.era) env.era = settings.era;
  if (eras) env.eras = eras;
  if (record) env.record = record;
  return env;
}

/**
 * The connection as react-query sees it; null when not connected. Built from the settings captured at the last
 * Connect, so editing the version, token or headers applies on the next Connect, not on every keystroke.
 */
export function useQueryEnv(): QueryEnv | null {
  const deps = useDeps();
  // shallow-compared, so the same settings keep the same object (and the same query keys)
  const settings = useInspector(connectedSettingsOf);
  const nonce = useInspector((st) => st.connectNonce);
  const { recordConnectionExchange } = useInspectorActions();
  return useMemo(
    () => queryEnvOf(settings, nonce, deps.fetchFor, deps.eras, recordConnectionExchange),
    [settings, nonce, deps, recordConnectionExchange],
  );
}
