import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type FormEvent } from 'react';
import { useQueryEnv } from '../../queries/query-env.ts';
import { useInspector } from '../../store/store-context.tsx';
import { useDeps } from '../../store/deps-context.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { discoverQuery } from '../../queries/server-queries.ts';
import { connectedQuery } from '../../queries/connected-query.ts';
import { EraBadge } from './era-field.tsx';
import { PROTOCOL_VERSION } from '../../protocol/types.ts';
import { SavedConnectionPicker } from './saved-connections.tsx';

// the settings panel loads when first opened
const ConnectionSettings = lazy(() =>
  import('./connection-settings.tsx').then((m) => ({ default: m.ConnectionSettings })),
);

/** Server URL + Connect, saved connections, and what `server/discover` said about the server. */
export function ConnectionBar() {
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
  const discover = useQuery(connectedQuery(env, discoverQuery));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    s.connect();
  };

  return (
    <div className="border-b border-slate-200 bg-white px-4 py-2">
      <form onSubmit={onSubmit} className="flex flex-wrap items-center gap-2">
        <h1 className="mr-2 text-base font-bold text-indigo-700">MRTR Inspector</h1>
        <SavedConnectionPicker
          saved={s.saved}
          endpoints={config.mockEndpoints ?? []}
          activeId={s.activeId}
          onSwitch={s.switchConnection}
          onOpenEndpoint={s.openEndpoint}
        />
        <label htmlFor="server-url" className="sr-only">
          Server URL
        </label>
        <input
          id="server-url"
          aria-invalid={s.urlError ? true : undefined}
          aria-describedby={s.urlError ? 'server-url-error' : undefined}
          className={`min-w-72 flex-1 rounded border px-2 py-1.5 font-mono text-sm ${s.urlError ? 'border-red-500' : 'border-slate-300'}`}
          value={s.serverUrl}
          onChange={(e) => s.setServerUrl(e.target.value)}
          spellCheck={false}
          placeholder="http://127.0.0.1:8765/mcp"
        />
        <Button type="submit" variant="primary">
          Connect
        </Button>
        {s.connectedUrl && <Button onClick={s.disconnect}>Disconnect</Button>}
        <Button onClick={() => s.setSettingsOpen(!s.settingsOpen)} aria-expanded={s.settingsOpen}>
          Connection settings
        </Button>
        <span role="status" aria-label="Connection status" className="flex flex-wrap items-center gap-2 text-sm">
          {!s.connectedUrl && <Badge>not connected</Badge>}
          {s.connectedUrl && discover.isPending && <Badge tone="info">connecting…</Badge>}
          {s.connectedUrl && discover.isSuccess && (
            <>
              <Badge tone="good">connected</Badge>
              <EraBadge era={discover.data.era} sessionId={discover.data.sessionId} reason={discover.data.eraReason} />
              <span className="font-medium">
                {discover.data.serverName ?? 'unnamed server'} {discover.data.serverVersion ?? ''}
              </span>
              <span className="text-slate-500">
                versions {discover.data.supportedVersions.join(', ') || 'not listed'}
              </span>
              <span className="text-slate-500">
                capabilities {Object.keys(discover.data.capabilities).join(', ') || 'none'}
              </span>
              {discover.data.era === 'modern' && s.protocolVersion !== PROTOCOL_VERSION && (
                <Badge tone="warn">pinned {s.protocolVersion}</Badge>
              )}
            </>
          )}
          {s.connectedUrl && discover.isError && <Badge tone="bad">connection failed</Badge>}
          {s.connectedUrl && (
            <Badge tone={s.transportMode === 'relay' ? 'info' : 'neutral'}>
              {s.transportMode === 'relay' ? 'via relay' : 'direct'}
            </Badge>
          )}
        </span>
      </form>
      {s.urlError && (
        <p id="server-url-error" role="alert" className="mt-1 text-sm text-red-700">
          {s.urlError}
        </p>
      )}
      {s.note && (
        <p aria-label="Connection note" className="mt-1 text-sm text-sky-900">
          {s.note}
        </p>
      )}
      {s.settingsOpen && (
        <Suspense fallback={<p className="mt-2 text-sm text-slate-500">Loading settings…</p>}>
          <ConnectionSettings />
        </Suspense>
      )}
    </div>
  );
}
