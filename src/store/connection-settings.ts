/** The connection settings as plain data: defaults, the working and in-force settings, and how a saved one loads. */
import { DEFAULT_CLIENT_INFO, withCapability } from '../protocol/envelope.ts';
import type { EraSetting } from '../protocol/era.ts';
import { PROTOCOL_VERSION } from '../protocol/types.ts';
import type { ConnectionSettingsData, ConnectionSlice, SavedConnection } from './connection-slice.ts';

export const DEFAULT_SERVER_URL = 'http://127.0.0.1:8765/mcp';

export const DEFAULT_SETTINGS: Omit<ConnectionSettingsData, 'url'> & { era: EraSetting } = {
  transportMode: 'direct',
  bearerToken: '',
  customHeaders: {},
  notSecret: [],
  protocolVersion: PROTOCOL_VERSION,
  clientInfo: DEFAULT_CLIENT_INFO,
  era: 'auto',
  holdLegs: 'always',
};

let connectionCounter = 0;
export function connectionId(): string {
  connectionCounter += 1;
  return `conn-${Date.now().toString(36)}-${connectionCounter}`;
}

/**
 * The bearer token requests to `url` carry: the token signed in for that server, else the one typed by hand for it;
 * '' when neither belongs to `url`. A token never goes to a server other than the one it was issued (or typed) for
 * (MCP basic/authorization, Token Audience Binding).
 */
export function tokenFor(
  s: Pick<ConnectionSlice, 'issuedToken' | 'bearerToken' | 'bearerTokenFor'>,
  url: string,
): string {
  if (s.issuedToken && s.issuedToken.serverUrl === url) return s.issuedToken.accessToken;
  return s.bearerToken && s.bearerTokenFor === url ? s.bearerToken : '';
}

/** The working settings as plain data; the bearer token is the one bound to their URL. */
export function currentSettings(s: ConnectionSlice): ConnectionSettingsData {
  const url = s.connectedUrl ?? s.serverUrl;
  return {
    url,
    transportMode: s.transportMode,
    bearerToken: tokenFor(s, url),
    customHeaders: s.customHeaders,
    notSecret: s.notSecret,
    protocolVersion: s.protocolVersion,
    clientInfo: s.clientInfo,
    era: s.era,
    holdLegs: s.holdLegs,
  };
}

/**
 * The settings in force since the last Connect; null when not connected. A connectedUrl without a capture (e.g.
 * restored from storage) means the working settings are the ones in force.
 */
export function connectedSettingsOf(s: ConnectionSlice): ConnectionSettingsData | null {
  if (!s.connectedUrl) return null;
  return s.connectedSettings ?? { ...currentSettings(s), url: s.connectedUrl };
}

/** Apply `patch` to the working settings and to the active saved connection, so both stay in step. */
export function withActive(s: ConnectionSlice, patch: Partial<ConnectionSettingsData>): Partial<ConnectionSlice> {
  const { url: _url, ...working } = patch;
  if (!s.activeConnectionId) return working;
  return {
    ...working,
    savedConnections: s.savedConnections.map((c) => (c.id === s.activeConnectionId ? { ...c, ...patch } : c)),
  };
}

export function loadConnection(s: ConnectionSlice, c: SavedConnection): Partial<ConnectionSlice> {
  const { id: _id, label: _label, ...saved } = c;
  // a saved connection's typed token is its own; a signed-in token goes along only when it was issued for this URL
  const settings = {
    ...saved,
    bearerToken: tokenFor({ ...s, bearerToken: c.bearerToken, bearerTokenFor: c.url }, c.url),
  };
  return {
    activeConnectionId: c.id,
    serverUrl: c.url,
    connectedUrl: c.url,
    connectNonce: s.connectNonce + 1,
    transportMode: c.transportMode,
    bearerToken: c.bearerToken,
    bearerTokenFor: c.url,
    customHeaders: c.customHeaders,
    notSecret: c.notSecret,
    protocolVersion: c.protocolVersion,
    clientInfo: c.clientInfo,
    era: c.era ?? 'auto',
    holdLegs: c.holdLegs,
    // the tasks knob is remembered per connection; the other declared capabilities stay as they are
    capabilities: withCapability(s.capabilities, 'tasks', c.tasksExtension === true),
    connectionNote: null,
    serverUrlError: null,
    connectedSettings: settings,
  };
}
