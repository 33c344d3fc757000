import type { FormEvent, ReactNode } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { DiscoverInfo } from '../../queries/server-queries.ts';
import { EraBadge } from './era-field.tsx';
import { PROTOCOL_VERSION } from '../../protocol/types.ts';
import { SavedConnectionPicker, type Endpoint, type SavedConnectionEntry } from './saved-connections.tsx';

/** What `server/discover` has said so far about the connected server. */
export type DiscoverState = { status: 'pending' } | { status: 'error' } | { status: 'success'; data: DiscoverInfo };

/** The demo server that runs in the page, offered while nothing is connected. */
interface DemoOffer {
  /** its worker is being started */
  starting: boolean;
  /** why it could not start; null = no problem */
  problem: string | null;
  onTry: () => void;
}

export interface ConnectionBarProps {
  /** what the Server URL field holds */
  serverUrl: string;
  /** why the last Connect refused the Server URL; null = no problem */
  urlError: string | null;
  /** the URL the app is connected to; null = not connected */
  connectedUrl: string | null;
  transportMode: 'direct' | 'relay';
  protocolVersion: string;
  /** a line about the last connect (e.g. an automatic version retry); null = nothing */
  note: string | null;
  discover: DiscoverState;
  saved: SavedConnectionEntry[];
  activeId: string | null;
  /** pre-listed endpoints (the mock's) offered beside the saved connections */
  endpoints: Endpoint[];
  settingsOpen: boolean;
  /** the settings panel, shown under the bar while `settingsOpen` */
  settings: ReactNode;
  onServerUrlChange: (url: string) => void;
  onConnect: () => void;
  onDisconnect: () => void;
  onSettingsOpenChange: (open: boolean) => void;
  onSwitchConnection: (id: string) => void;
  onOpenEndpoint: (endpoint: Endpoint) => void;
  /** absent: not offered */
  demo?: DemoOffer;
}

/** Server URL + Connect, saved connections, and what `server/discover` said about the server. */
export function ConnectionBar(s: ConnectionBarProps) {
  const discover = s.discover;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    s.onConnect();
  };

  return (
    <div className="border-b border-slate-200 bg-white px-4 py-2">
      <form onSubmit={onSubmit} className="flex flex-wrap items-center gap-2">
        <h1 className="mr-2 text-base font-bold text-indigo-700">MRTR Inspector</h1>
        <SavedConnectionPicker
          saved={s.saved}
          endpoints={s.endpoints}
          activeId={s.activeId}
          onSwitch={s.onSwitchConnection}
          onOpenEndpoint={s.onOpenEndpoint}
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
          onChange={(e) => s.onServerUrlChange(e.target.value)}
          spellCheck={false}
          placeholder="http://127.0.0.1:8765/mcp"
        />
        <Button type="submit" variant="primary">
          Connect
        </Button>
        {s.connectedUrl && <Button onClick={s.onDisconnect}>Disconnect</Button>}
        {!s.connectedUrl && s.demo && (
          <Button onClick={s.demo.onTry} disabled={s.demo.starting}>
            {s.demo.starting ? 'Starting the demo server…' : 'Try the demo server in this page'}
          </Button>
        )}
        <Button onClick={() => s.onSettingsOpenChange(!s.settingsOpen)} aria-expanded={s.settingsOpen}>
          Connection settings
        </Button>
        <span role="status" aria-label="Connection status" className="flex flex-wrap items-center gap-2 text-sm">
          {!s.connectedUrl && <Badge>not connected</Badge>}
          {s.connectedUrl && discover.status === 'pending' && <Badge tone="info">connecting…</Badge>}
          {s.connectedUrl && discover.status === 'success' && (
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
          {s.connectedUrl && discover.status === 'error' && <Badge tone="bad">connection failed</Badge>}
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
      {!s.connectedUrl && s.demo?.problem && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {s.demo.problem}
        </p>
      )}
      {s.note && (
        <p aria-label="Connection note" className="mt-1 text-sm text-sky-900">
          {s.note}
        </p>
      )}
      {s.settingsOpen && s.settings}
    </div>
  );
}
