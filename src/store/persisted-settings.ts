import * as z from 'zod';
import { isSecretHeader } from '../session/io/redact.ts';
import type { InspectorState } from './inspector-store.ts';

/** What is saved besides the session. Bearer tokens and secret-named headers never touch storage. */
export const connectionSchema = z.object({
  serverUrl: z.string(),
  connectedUrl: z.string().nullable(),
  protocolVersion: z.string(),
  capabilities: z.record(z.string(), z.json()),
  transportMode: z.enum(['direct', 'relay']),
  customHeaders: z.record(z.string(), z.string()),
  savedRoots: z.array(z.object({ uri: z.string(), name: z.string().optional() })),
  roundCap: z.int().positive(),
  clientInfo: z.object({ name: z.string(), version: z.string() }).optional(),
  /** saved connections, their bearer tokens and secret headers left out */
  savedConnections: z
    .array(
      z.object({
        id: z.string(),
        label: z.string(),
        url: z.string(),
        transportMode: z.enum(['direct', 'relay']),
        customHeaders: z.record(z.string(), z.string()),
        protocolVersion: z.string(),
        clientInfo: z.object({ name: z.string(), version: z.string() }),
      }),
    )
    .optional(),
  activeConnectionId: z.string().nullable().optional(),
});
export type ConnectionSnapshot = z.infer<typeof connectionSchema>;

export const uiSchema = z.object({
  selection: z.object({ kind: z.enum(['tool', 'prompt', 'resource', 'template']), name: z.string() }).nullable(),
  selectedConversationId: z.string().nullable(),
  selectedLegId: z.string().nullable(),
  collapsedConversations: z.record(z.string(), z.boolean()).optional(),
});
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
