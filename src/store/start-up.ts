import type { InspectorState, InspectorStore } from './inspector-store.ts';
import { connectedSettingsOf, DEFAULT_SERVER_URL, type ConnectionSettingsData } from './connection-slice.ts';

/** What the page was opened with, and what was restored, for `connectOnLoad`. */
export interface LoadRequest {
  /** `?server=` */
  serverParam: string | null;
  /** `?transport=relay`, and the page has a relay */
  relay: boolean;
  /** the bundled mock's URL, when the page was served with it */
  mockUrl: string | undefined;
  /** a saved session was restored */
  restored: boolean;
}

/**
 * Connect on load: `?server=` first, then the server the saved session was connected to, then the bundled mock (a
 * fresh page with no mock just shows the default URL).
 */
export function connectOnLoad(store: InspectorStore, req: LoadRequest): void {
  const s = store.getState();
  const saved = s.connectedUrl;
  if (req.relay) s.setTransportMode('relay');
  // signed in to this server earlier in this tab, and asked to stay signed in: the kept tokens go on the first request
  if (req.serverParam) {
    s.setServerUrl(req.serverParam);
    s.restoreTabSignIn(req.serverParam);
    s.connect(req.serverParam);
  } else if (saved) {
    s.restoreTabSignIn(saved);
    s.connect(saved);
  } else if (!req.restored) {
    const initialUrl = req.mockUrl ?? DEFAULT_SERVER_URL;
    s.setServerUrl(initialUrl);
    if (req.mockUrl) s.connect(initialUrl);
  }
}

/** The settings in force (null when not connected) and the connect count: what the server queries are keyed on. */
export function connectionInForce(store: InspectorStore): {
  settings: ConnectionSettingsData | null;
  nonce: number;
  record: InspectorState['recordConnectionExchange'];
} {
  const s = store.getState();
  return { settings: connectedSettingsOf(s), nonce: s.connectNonce, record: s.recordConnectionExchange };
}
