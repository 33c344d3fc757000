import type * as z from 'zod';
import { isSecretRequestHeader, redactUrl, type NotSecret } from '../../session/io/redact.ts';
import type { InspectorState } from '../inspector-store.ts';
import type { connectionSchema, uiSchema } from './persisted-schemas.ts';

/**
 * What is saved besides the session. Bearer tokens and custom headers not marked "not secret" never touch storage;
 * query values not marked "not secret" are saved as "[redacted]" in every URL. The zod schemas that
 * check these on load live in persisted-schemas.ts, loaded only when there is saved data (types only here).
 */
export type ConnectionSnapshot = z.infer<typeof connectionSchema>;
export type UiSnapshot = z.infer<typeof uiSchema>;

function publicHeaders(headers: Record<string, string>, notSecret: NotSecret): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (!isSecretRequestHeader(k, notSecret)) out[k] = v;
  return out;
}

/** Every name marked "not secret" on any connection: what a session recorded across connections may keep. */
export function notSecretNames(s: InspectorState): string[] {
  return [...new Set([...s.notSecret, ...s.savedConnections.flatMap((c) => c.notSecret)])];
}

export function connectionOf(s: InspectorState): ConnectionSnapshot {
  const customHeaders = publicHeaders(s.customHeaders, s.notSecret);
  return {
    serverUrl: redactUrl(s.serverUrl, s.notSecret),
    connectedUrl: s.connectedUrl === null ? null : redactUrl(s.connectedUrl, s.notSecret),
    protocolVersion: s.protocolVersion,
    capabilities: s.capabilities as Record<string, z.core.util.JSONType>,
    transportMode: s.transportMode,
    customHeaders,
    notSecret: s.notSecret,
    savedRoots: s.savedRoots,
    roundCap: s.roundCap,
    clientInfo: s.clientInfo,
    era: s.era,
    holdLegs: s.holdLegs,
    taskNotifications: s.taskNotifications,
    savedConnections: s.savedConnections.map(({ bearerToken: _token, customHeaders: headers, ...rest }) => ({
      ...rest,
      url: redactUrl(rest.url, rest.notSecret),
      customHeaders: publicHeaders(headers, rest.notSecret),
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
