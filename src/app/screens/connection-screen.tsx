import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ConnectionBar, type DiscoverState } from '../../features/connection/connection-bar.tsx';
import { startDemoServer } from '../../lib/demo-worker.ts';
import { connectedQuery } from '../../queries/connected-query.ts';
import { useQueryEnv } from '../../queries/query-env.ts';
import { discoverQuery } from '../../queries/server-queries.ts';
import { useDeps } from '../../store/deps-context.tsx';
import { useInspector } from '../../store/store-context.tsx';
import { AuthScreen } from './auth-screen.tsx';

// The settings panel loads when first opened.
const ConnectionSettingsScreen = lazy(() =>
  import('./connection-settings-screen.tsx').then((m) => ({ default: m.ConnectionSettingsScreen })),
);
// The doctor (its checks, probes and findings) loads only when a connect fails.
const DoctorPanel = lazy(() => import('./doctor-panel.tsx').then((m) => ({ default: m.DoctorPanel })));

/**
 * The connection bar, and under it the sign-in flow and the doctor when a connect fails. Those two can grow long (every
 * step of a sign-in, every check of the doctor): they scroll in at most half the window, so the call and the timeline
 * below never shrink to nothing.
 */
export function ConnectionScreen() {
  return (
    <div>
      <ConnectionBarScreen />
      <div className="max-h-[50vh] overflow-y-auto">
        <AuthScreen />
        <DoctorScreen />
      </div>
    </div>
  );
}

/** The connection bar: the Server URL, the connection in force and what `server/discover` said about it. */
function ConnectionBarScreen() {
  const s = useInspector((st) => ({
    serverUrl: st.serverUrl,
    setServerUrl: st.setServerUrl,
    connect: st.connect,
    disconnect: st.disconnect,
    connectedUrl: st.connectedUrl,
    transportMode: st.transportMode,
    protocolVersion: st.protocolVersion,
    note: st.connectionNote,
    urlError: st.serverUrlError,
    settingsOpen: st.settingsOpen,
    setSettingsOpen: st.setSettingsOpen,
    saved: st.savedConnections,
    activeId: st.activeConnectionId,
    switchConnection: st.switchConnection,
    openEndpoint: st.openEndpoint,
  }));
  const { config } = useDeps();
  const env = useQueryEnv();
  const query = useQuery(connectedQuery(env, discoverQuery));
  const discover: DiscoverState = query.isSuccess ? { status: 'success', data: query.data } : { status: query.status };
  const [demo, setDemo] = useState<{ starting: boolean; problem: string | null }>({ starting: false, problem: null });
  const tryDemo = () => {
    setDemo({ starting: true, problem: null });
    void startDemoServer().then((started) => {
      setDemo({ starting: false, problem: started.ok ? null : started.error });
      if (started.ok) s.connect(started.url);
    });
  };
  return (
    <ConnectionBar
      serverUrl={s.serverUrl}
      urlError={s.urlError}
      connectedUrl={s.connectedUrl}
      transportMode={s.transportMode}
      protocolVersion={s.protocolVersion}
      note={s.note}
      discover={discover}
      saved={s.saved}
      activeId={s.activeId}
      endpoints={config.mockEndpoints ?? []}
      settingsOpen={s.settingsOpen}
      settings={
        <Suspense fallback={<p className="mt-2 text-sm text-slate-500">Loading settings…</p>}>
          <ConnectionSettingsScreen />
        </Suspense>
      }
      onServerUrlChange={s.setServerUrl}
      onConnect={() => s.connect()}
      onDisconnect={s.disconnect}
      onSettingsOpenChange={s.setSettingsOpen}
      onSwitchConnection={s.switchConnection}
      onOpenEndpoint={s.openEndpoint}
      demo={{ ...demo, onTry: tryDemo }}
    />
  );
}

function DoctorScreen() {
  const env = useQueryEnv();
  const discover = useQuery(connectedQuery(env, discoverQuery));
  const failure = env && discover.isError ? discover.error : null;
  if (!failure) return null;
  return (
    <Suspense fallback={null}>
      <DoctorPanel failure={failure} />
    </Suspense>
  );
}
