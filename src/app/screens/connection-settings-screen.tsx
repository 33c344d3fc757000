import { ConnectionSettings } from '../../features/connection/connection-settings.tsx';
import { useDeps } from '../../store/deps-context.tsx';
import { useInspector } from '../../store/store-context.tsx';

/** The connection settings panel: the working connection's settings from the store, each change back to it. */
export function ConnectionSettingsScreen() {
  const s = useInspector((st) => ({
    protocolVersion: st.protocolVersion,
    setProtocolVersion: st.setProtocolVersion,
    era: st.era,
    setEra: st.setEra,
    bearerToken: st.bearerToken,
    setBearerToken: st.setBearerToken,
    customHeaders: st.customHeaders,
    setCustomHeaders: st.setCustomHeaders,
    notSecret: st.notSecret,
    setNotSecret: st.setNotSecret,
    serverUrl: st.serverUrl,
    clientInfo: st.clientInfo,
    setClientInfo: st.setClientInfo,
    holdLegs: st.holdLegs,
    setHoldLegs: st.setHoldLegs,
    capabilities: st.capabilities,
    setCapabilities: st.setCapabilities,
    taskNotifications: st.taskNotifications,
    setTaskNotifications: st.setTaskNotifications,
    transportMode: st.transportMode,
    setTransportMode: st.setTransportMode,
    tokenFocusNonce: st.tokenFocusNonce,
    saved: st.savedConnections,
    activeId: st.activeConnectionId,
    saveConnection: st.saveConnection,
    removeConnection: st.removeConnection,
  }));
  const { config } = useDeps();
  return <ConnectionSettings {...s} relayAvailable={Boolean(config.relay)} />;
}
