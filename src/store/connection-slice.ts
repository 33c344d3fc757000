/**
 * The connection: the Server URL, the settings a connection carries (the working ones, the ones in force since the
 * last Connect, the saved connections) and which server each bearer token belongs to; with the plain-data reads of
 * them (`currentSettings`, `connectedSettingsOf`, `tokenFor`) that the other slices and the screens use.
 */
import type { StateCreator } from 'zustand';
import { newId } from '../lib/ids.ts';
import { ALL_CAPABILITIES, DEFAULT_CLIENT_INFO, hasCapability, withCapability } from '../protocol/envelope.ts';
import { PROTOCOL_VERSION, type ClientCapabilities, type ClientInfo } from '../protocol/types.ts';
import type { EraSetting } from '../protocol/era.ts';
import { checkServerUrl } from '../protocol/server-url.ts';
import type { InspectorState } from './inspector-store.ts';

export type TransportMode = 'direct' | 'relay';

/**
 * When a round's answers go out: `always` holds every leg in the composer until Send retry (or "Accept and send");
 * `edits` sends a round as soon as its last request is answered, unless something of the leg was edited by hand.
 */
type HoldLegs = 'always' | 'edits';

/** One saved connection: plain data (persistable). The bearer token is never logged and is redacted in exports. */
interface SavedConnection {
  id: string;
  label: string;
  url: string;
  transportMode: TransportMode;
  bearerToken: string;
  customHeaders: Record<string, string>;
  /**
   * names the user marked "not secret": lower-cased custom header names and `?param` query names. Every other custom
   * header value and query value is kept out of storage, exports, HAR and share links (session/io/redact.ts)
   */
  notSecret: string[];
  protocolVersion: string;
  clientInfo: ClientInfo;
  /** the protocol era: detected (`auto`, the default) or pinned; absent on connections saved before eras */
  era?: EraSetting;
  /** "Hold each leg": always (default), or only when something of the leg was edited */
  holdLegs: HoldLegs;
  /**
   * the tasks extension knob: declare `io.modelcontextprotocol/tasks` on new calls to this server (off by default;
   * absent on connections saved before it: off)
   */
  tasksExtension?: boolean;
}

/** A signed-in access token and the server it was issued for. */
interface IssuedToken {
  serverUrl: string;
  accessToken: string;
}

/** The per-connection settings a saved connection carries (everything but its id and label). */
export type ConnectionSettingsData = Omit<SavedConnection, 'id' | 'label'>;

export interface ConnectionSlice {
  /** what the "Server URL" textbox holds (default: the bundled mock) */
  serverUrl: string;
  /** the URL the app is connected to (queries run against it); null = not connected */
  connectedUrl: string | null;
  /** bumps on every Connect so queries refetch even for the same URL */
  connectNonce: number;
  /** pinned protocol version (default 2026-07-28) */
  protocolVersion: string;
  /** the era: detect on Connect (`auto`, default) or pin 2026-07-28 / 2025-11-25 */
  era: EraSetting;
  /** `_meta` clientInfo sent on every request (default mrtr-inspector 0.1.0) */
  clientInfo: ClientInfo;
  /** "Hold each leg: always / only when I edit something" (default always) */
  holdLegs: HoldLegs;
  /**
   * bearer token typed by hand (without "Bearer "); never logged, redacted in exports (default empty). It belongs to
   * `bearerTokenFor` and is sent to no other server
   */
  bearerToken: string;
  /** the Server URL the typed bearer token was typed for (or the saved connection's URL it was loaded from) */
  bearerTokenFor: string;
  /**
   * the access token of the current sign-in and the server URL it was issued for: requests to that URL carry it, no
   * other request does (memory only; set by the auth slice, never written into a saved connection)
   */
  issuedToken: IssuedToken | null;
  /** connection-wide custom headers (default none) */
  customHeaders: Record<string, string>;
  /** custom header names (lower-cased) and `?query` names the user marked "not secret" (default none) */
  notSecret: string[];
  /** capabilities declared on new calls (default: everything this app supports) */
  capabilities: ClientCapabilities;
  /**
   * listen for a running task's status notifications (subscriptions/listen) when the server declares the tasks
   * extension (default on); off: tasks are followed by polling only
   */
  taskNotifications: boolean;
  setTaskNotifications: (on: boolean) => void;
  transportMode: TransportMode;
  /** roots offered by default when a server asks for roots */
  savedRoots: { uri: string; name?: string }[];
  /** the settings in force since the last Connect (queries use these; edits apply on the next Connect) */
  connectedSettings: ConnectionSettingsData | null;
  /** saved connections, switchable (default none; the mock's endpoints are offered beside them) */
  savedConnections: SavedConnection[];
  /** the saved connection the working settings belong to; null = an unsaved, ad-hoc connection */
  activeConnectionId: string | null;
  /** a line the app says about the last connect (e.g. an automatic version retry); null = nothing */
  connectionNote: string | null;
  /** why the last Connect refused the Server URL (nothing was sent); null = no problem. Cleared by editing the URL */
  serverUrlError: string | null;
  /** the connection settings panel is open (default closed) */
  settingsOpen: boolean;
  /** bumps when something asks for the bearer token field to take focus */
  tokenFocusNonce: number;
  setServerUrl: (url: string) => void;
  /**
   * connect to `url` (default: the Server URL field); a URL that is not an absolute http(s) URL is refused before
   * anything is sent: `serverUrlError` says why and the current connection, if any, stays as it was
   */
  connect: (url?: string, opts?: { note?: string }) => void;
  disconnect: () => void;
  setProtocolVersion: (v: string) => void;
  setEra: (era: EraSetting) => void;
  setBearerToken: (token: string) => void;
  setCustomHeaders: (headers: Record<string, string>) => void;
  /** mark a custom header name or a `?query` name as not secret (or secret again) */
  setNotSecret: (name: string, notSecret: boolean) => void;
  setClientInfo: (info: ClientInfo) => void;
  setHoldLegs: (mode: HoldLegs) => void;
  setCapabilities: (caps: ClientCapabilities) => void;
  setTransportMode: (mode: TransportMode) => void;
  setSavedRoots: (roots: { uri: string; name?: string }[]) => void;
  /** save the working settings (and Server URL) as a new connection and make it active; returns its id */
  saveConnection: (label: string) => string;
  /** load a saved connection's settings and connect to it */
  switchConnection: (id: string) => void;
  /** open an endpoint by URL: its saved connection when there is one, else a new one saved with default settings */
  openEndpoint: (endpoint: { label: string; url: string }) => void;
  removeConnection: (id: string) => void;
  setSettingsOpen: (open: boolean) => void;
  /** open the settings and move focus to the bearer token field */
  requestTokenFocus: () => void;
  /** switch to the relay and reconnect */
  reconnectViaRelay: () => void;
  /** pin `version` and reconnect, saying why in `connectionNote` */
  retryWithVersion: (version: string, note: string) => void;
  /**
   * pin `version` for the calls that follow (like editing it in the settings) without reconnecting, saying why in
   * `connectionNote`; server lists keep the settings of the last Connect
   */
  switchProtocolVersion: (version: string, note: string) => void;
}

// The settings as plain data: defaults, the working and in-force settings, and how a saved one loads.
export const DEFAULT_SERVER_URL = 'http://127.0.0.1:8765/mcp';

const DEFAULT_SETTINGS: Omit<ConnectionSettingsData, 'url'> & { era: EraSetting } = {
  transportMode: 'direct',
  bearerToken: '',
  customHeaders: {},
  notSecret: [],
  protocolVersion: PROTOCOL_VERSION,
  clientInfo: DEFAULT_CLIENT_INFO,
  era: 'auto',
  holdLegs: 'always',
};

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
function withActive(s: ConnectionSlice, patch: Partial<ConnectionSettingsData>): Partial<ConnectionSlice> {
  const { url: _url, ...working } = patch;
  if (!s.activeConnectionId) return working;
  return {
    ...working,
    savedConnections: s.savedConnections.map((c) => (c.id === s.activeConnectionId ? { ...c, ...patch } : c)),
  };
}

function loadConnection(s: ConnectionSlice, c: SavedConnection): Partial<ConnectionSlice> {
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

export const createConnectionSlice: StateCreator<InspectorState, [], [], ConnectionSlice> = (set, get) => ({
  serverUrl: DEFAULT_SERVER_URL,
  connectedUrl: null,
  connectNonce: 0,
  ...DEFAULT_SETTINGS,
  bearerTokenFor: '',
  issuedToken: null,
  capabilities: ALL_CAPABILITIES,
  taskNotifications: true,
  setTaskNotifications: (taskNotifications) => set({ taskNotifications }),
  savedRoots: [{ uri: 'file:///home/user/project', name: 'project' }],
  connectedSettings: null,
  savedConnections: [],
  activeConnectionId: null,
  connectionNote: null,
  serverUrlError: null,
  settingsOpen: false,
  tokenFocusNonce: 0,
  setServerUrl: (serverUrl) => set({ serverUrl, serverUrlError: null }),
  connect: (url, opts) =>
    set((s) => {
      const check = checkServerUrl(url ?? s.serverUrl);
      // refused before anything is sent; the field keeps what was typed
      if (!check.ok) return { serverUrl: url ?? s.serverUrl, serverUrlError: check.message };
      const target = check.url;
      const active = s.savedConnections.find((c) => c.id === s.activeConnectionId);
      // Connecting to another URL than the active saved connection's leaves it (ad-hoc connection, same settings).
      const activeConnectionId = active && active.url === target ? active.id : null;
      // a token typed for another server is not carried over: it is dropped, and the note says so
      const leftToken = s.bearerToken !== '' && s.bearerTokenFor !== target;
      const notes = [
        opts?.note,
        leftToken
          ? `The bearer token typed for ${s.bearerTokenFor || 'another server'} is not sent to ${target}: type this server's token in Connection settings if it needs one.`
          : undefined,
      ].filter((n): n is string => Boolean(n));
      const next = {
        serverUrl: target,
        connectedUrl: target,
        bearerToken: leftToken ? '' : s.bearerToken,
        bearerTokenFor: leftToken ? '' : s.bearerTokenFor,
      };
      return {
        ...next,
        connectNonce: s.connectNonce + 1,
        activeConnectionId,
        connectionNote: notes.length > 0 ? notes.join(' ') : null,
        serverUrlError: null,
        connectedSettings: currentSettings({ ...s, ...next }),
      };
    }),
  disconnect: () => set({ connectedUrl: null, connectedSettings: null }),
  // an empty version would send an empty MCP-Protocol-Version while _meta names one (-32020): refused
  setProtocolVersion: (protocolVersion) =>
    set((s) => (protocolVersion.trim() === '' ? s : withActive(s, { protocolVersion: protocolVersion.trim() }))),
  setEra: (era) => set((s) => withActive(s, { era })),
  setBearerToken: (bearerToken) =>
    set((s) => {
      // the token belongs to the server the URL field names now (typed for it, or for the connection loaded there)
      const check = checkServerUrl(s.serverUrl);
      const bearerTokenFor = check.ok ? check.url : s.serverUrl.trim();
      const active = s.savedConnections.find((c) => c.id === s.activeConnectionId);
      if (active && active.url !== bearerTokenFor) return { bearerToken, bearerTokenFor };
      return { ...withActive(s, { bearerToken }), bearerTokenFor };
    }),
  setCustomHeaders: (customHeaders) => set((s) => withActive(s, { customHeaders })),
  setNotSecret: (name, notSecret) =>
    set((s) => {
      const key = name.toLowerCase();
      const rest = s.notSecret.filter((n) => n !== key);
      return withActive(s, { notSecret: notSecret ? [...rest, key] : rest });
    }),
  setClientInfo: (clientInfo) => set((s) => withActive(s, { clientInfo })),
  setHoldLegs: (holdLegs) => set((s) => withActive(s, { holdLegs })),
  setCapabilities: (capabilities) =>
    set((s) => {
      const tasksExtension = hasCapability(capabilities, 'tasks');
      if (!s.activeConnectionId) return { capabilities };
      const savedConnections = s.savedConnections.map((c) =>
        c.id === s.activeConnectionId ? { ...c, tasksExtension } : c,
      );
      return { capabilities, savedConnections };
    }),
  setTransportMode: (transportMode) => set((s) => withActive(s, { transportMode })),
  setSavedRoots: (savedRoots) => set({ savedRoots }),
  saveConnection: (label) => {
    const id = newId('conn');
    set((s) => {
      const settings = currentSettings(s);
      const url = s.serverUrl.trim();
      const entry: SavedConnection = {
        id,
        label: label.trim() || settings.url,
        ...settings,
        // only a token typed for this URL is saved with it; a signed-in token never is
        bearerToken: s.bearerTokenFor === url ? s.bearerToken : '',
        url,
        tasksExtension: hasCapability(s.capabilities, 'tasks'),
      };
      return { savedConnections: [...s.savedConnections, entry], activeConnectionId: id };
    });
    return id;
  },
  switchConnection: (id) => {
    const c = get().savedConnections.find((x) => x.id === id);
    if (c) set((s) => loadConnection(s, c));
  },
  openEndpoint: ({ label, url }) => {
    const existing = get().savedConnections.find((c) => c.url === url);
    if (existing) {
      set((s) => loadConnection(s, existing));
      return;
    }
    // Keep the transport the user chose; never carry a token or headers over to a different server.
    const entry: SavedConnection = {
      id: newId('conn'),
      label,
      url,
      ...DEFAULT_SETTINGS,
      transportMode: get().transportMode,
    };
    set((s) => ({ ...loadConnection(s, entry), savedConnections: [...s.savedConnections, entry] }));
  },
  removeConnection: (id) =>
    set((s) => ({
      savedConnections: s.savedConnections.filter((c) => c.id !== id),
      activeConnectionId: s.activeConnectionId === id ? null : s.activeConnectionId,
    })),
  setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
  requestTokenFocus: () => set((s) => ({ settingsOpen: true, tokenFocusNonce: s.tokenFocusNonce + 1 })),
  reconnectViaRelay: () => {
    get().setTransportMode('relay');
    get().connect(get().connectedUrl ?? undefined);
  },
  retryWithVersion: (version, note) => {
    get().setProtocolVersion(version);
    get().connect(get().connectedUrl ?? undefined, { note });
  },
  switchProtocolVersion: (version, note) =>
    set((s) => ({ ...withActive(s, { protocolVersion: version }), connectionNote: note })),
});
