import type { StateCreator } from 'zustand';
import { ALL_CAPABILITIES, DEFAULT_CLIENT_INFO } from '../protocol/envelope.ts';
import type { ClientCapabilities, ClientInfo } from '../protocol/types.ts';
import { PROTOCOL_VERSION } from '../protocol/types.ts';
import type { InspectorState } from './inspector-store.ts';

export type TransportMode = 'direct' | 'relay';

export interface ConnectionSlice {
  /** what the "Server URL" textbox holds (default: the bundled mock) */
  serverUrl: string;
  /** the URL the app is connected to (queries run against it); null = not connected */
  connectedUrl: string | null;
  /** bumps on every Connect so queries refetch even for the same URL */
  connectNonce: number;
  protocolVersion: string;
  clientInfo: ClientInfo;
  /** bearer token (without "Bearer "); never logged, redacted in exports */
  bearerToken: string;
  /** connection-wide custom headers */
  customHeaders: Record<string, string>;
  /** capabilities declared on new calls (default: everything this app supports) */
  capabilities: ClientCapabilities;
  transportMode: TransportMode;
  /** roots offered by default when a server asks for roots */
  savedRoots: { uri: string; name?: string }[];
  setServerUrl: (url: string) => void;
  connect: (url?: string) => void;
  disconnect: () => void;
  setProtocolVersion: (v: string) => void;
  setBearerToken: (token: string) => void;
  setCustomHeaders: (headers: Record<string, string>) => void;
  setCapabilities: (caps: ClientCapabilities) => void;
  setTransportMode: (mode: TransportMode) => void;
  setSavedRoots: (roots: { uri: string; name?: string }[]) => void;
}

export const DEFAULT_SERVER_URL = 'http://127.0.0.1:8765/mcp';

export const createConnectionSlice: StateCreator<InspectorState, [], [], ConnectionSlice> = (set) => ({
  serverUrl: DEFAULT_SERVER_URL,
  connectedUrl: null,
  connectNonce: 0,
  protocolVersion: PROTOCOL_VERSION,
  clientInfo: DEFAULT_CLIENT_INFO,
  bearerToken: '',
  customHeaders: {},
  capabilities: ALL_CAPABILITIES,
  transportMode: 'direct',
  savedRoots: [{ uri: 'file:///home/user/project', name: 'project' }],
  setServerUrl: (serverUrl) => set({ serverUrl }),
  connect: (url) =>
    set((s) => {
      const target = (url ?? s.serverUrl).trim();
      return { serverUrl: target, connectedUrl: target, connectNonce: s.connectNonce + 1 };
    }),
  disconnect: () => set({ connectedUrl: null }),
  setProtocolVersion: (protocolVersion) => set({ protocolVersion }),
  setBearerToken: (bearerToken) => set({ bearerToken }),
  setCustomHeaders: (customHeaders) => set({ customHeaders }),
  setCapabilities: (capabilities) => set({ capabilities }),
  setTransportMode: (transportMode) => set({ transportMode }),
  setSavedRoots: (savedRoots) => set({ savedRoots }),
});
