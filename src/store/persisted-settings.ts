import type * as z from 'zod';
import { isSecretHeader } from '../session/io/redact.ts';
import type { InspectorState } from './inspector-store.ts';
import type { connectionSchema, uiSchema } from './persisted-schemas.ts';

/**
 * What is saved besides the session. Bearer tokens and secret-named headers never touch storage. The zod schemas that
 * check these on load live in persisted-schemas.ts, loaded only when there is saved data (types only here).
 */
export type ConnectionSnapshot = z.infer<typeof connectionSchema>;
export type UiSnapshot = z.infer<typeof uiSchema>;

function publicHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (!isSecretHeader(k)) out[k] = v;
  return out;
}

export function connectionOf(s: InspectorState): ConnectionSnapshot {
  const customHeaders = publicHeaders(s.customHeaders);
  return {
    serverUrl: s.serverUrl,
    connectedUrl: s.connectedUrl,
    protocolVersion: s.protocolVersion,
    capabilities: s.capabilities as Record<string, z.core.util.JSONType>,
    transportMode: s.transportMode,
    customHeaders,
    savedRoots: s.savedRoots,
    roundCap: s.roundCap,
    clientInfo: s.clientInfo,
    holdLegs: s.holdLegs,
    savedConnections: s.savedConnections.map(({ bearerToken: _token, customHeaders: headers, ...rest }) => ({
      ...rest,
      customHeaders: publicHeaders(headers),
    })),
    activeConnectionId: s.activeConnectionId,
  };
}

export function uiOf(s: InspectorState): UiSnapshot {
  return {
    selection: s.selection,
    selectedConversationId: s.selectedConversationId,
    selectedLegId: s.selectedLegId,
    collapsedConversations: s.collapsedConversations,
  };
}
