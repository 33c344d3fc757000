import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useQueryEnv } from '../../queries/query-env.ts';
import { useInspector } from '../../store/store-context.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { discoverQuery } from '../../queries/server-queries.ts';
import { ConnectionProblem } from './connection-problem.tsx';
import { ConnectionSettings } from './connection-settings.tsx';

/** Server URL + Connect, and what `server/discover` said about the server. */
export function ConnectionBar() {
  const { serverUrl, setServerUrl, connect, connectedUrl, transportMode } = useInspector((s) => ({
    serverUrl: s.serverUrl,
    setServerUrl: s.setServerUrl,
    connect: s.connect,
    connectedUrl: s.connectedUrl,
    transportMode: s.transportMode,
  }));
  const env = useQueryEnv();
  const discover = useQuery({ ...discoverQuery(env ?? ({} as never)), enabled: env !== null });
  const [showSettings, setShowSettings] = useState(false);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    connect();
  };

  return (
    <div className="border-b border-slate-200 bg-white px-4 py-2">
      <form onSubmit={onSubmit} className="flex flex-wrap items-center gap-2">
        <h1 className="mr-2 text-base font-bold text-indigo-700">MRTR Inspector</h1>
        <label htmlFor="server-url" className="sr-only">
          Server URL
        </label>
        <input
          id="server-url"
          className="min-w-72 flex-1 rounded border border-slate-300 px-2 py-1.5 font-mono text-sm"
          value={serverUrl}
          onChange={(e) => setServerUrl(e.target.value)}
          spellCheck={false}
          placeholder="http://127.0.0.1:8765/mcp"
        />
        <Button type="submit" variant="primary">
          Connect
        </Button>
        <Button onClick={() => setShowSettings((v) => !v)} aria-expanded={showSettings}>
          Connection settings
        </Button>
        <span role="status" aria-label="Connection status" className="flex items-center gap-2 text-sm">
          {!connectedUrl && <Badge>not connected</Badge>}
          {connectedUrl && discover.isPending && <Badge tone="info">connecting…</Badge>}
          {connectedUrl && discover.isSuccess && (
            <>
              <Badge tone="good">connected</Badge>
              <span className="font-medium">
                {discover.data.serverName ?? 'unnamed server'} {discover.data.serverVersion ?? ''}
              </span>
              <span className="text-slate-500">
                versions {discover.data.supportedVersions.join(', ') || 'not listed'}
              </span>
              <span className="text-slate-500">
                capabilities {Object.keys(discover.data.capabilities).join(', ') || 'none'}
              </span>
              {transportMode === 'relay' && <Badge tone="info">via relay</Badge>}
            </>
          )}
          {connectedUrl && discover.isError && <Badge tone="bad">connection failed</Badge>}
        </span>
      </form>
      {showSettings && <ConnectionSettings />}
      {connectedUrl && discover.isError && <ConnectionProblem error={discover.error} url={connectedUrl} />}
    </div>
  );
}
