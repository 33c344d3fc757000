import * as z from 'zod';

/**
 * Validators for the saved settings (see persisted-settings.ts). Loaded on demand by persistence.ts, only when there is
 * saved data to read, so zod is not part of the JS the first screen waits for.
 */
export const connectionSchema = z.object({
  serverUrl: z.string(),
  connectedUrl: z.string().nullable(),
  protocolVersion: z.string(),
  capabilities: z.record(z.string(), z.json()),
  transportMode: z.enum(['direct', 'relay']),
  customHeaders: z.record(z.string(), z.string()),
  notSecret: z.array(z.string()).optional(),
  savedRoots: z.array(z.object({ uri: z.string(), name: z.string().optional() })),
  roundCap: z.int().positive(),
  clientInfo: z.object({ name: z.string(), version: z.string() }).optional(),
  era: z.enum(['auto', '2026-07-28', '2025-11-25']).optional(),
  holdLegs: z.enum(['always', 'edits']).optional(),
  taskNotifications: z.boolean().optional(),
  /** saved connections, their bearer tokens and secret headers left out */
  savedConnections: z
    .array(
      z.object({
        id: z.string(),
        label: z.string(),
        url: z.string(),
        transportMode: z.enum(['direct', 'relay']),
        customHeaders: z.record(z.string(), z.string()),
        notSecret: z.array(z.string()).optional(),
        protocolVersion: z.string(),
        clientInfo: z.object({ name: z.string(), version: z.string() }),
        era: z.enum(['auto', '2026-07-28', '2025-11-25']).optional(),
        holdLegs: z.enum(['always', 'edits']).optional(),
        tasksExtension: z.boolean().optional(),
      }),
    )
    .optional(),
  activeConnectionId: z.string().nullable().optional(),
});

export const uiSchema = z.object({
  selection: z.object({ kind: z.enum(['tool', 'prompt', 'resource', 'template']), name: z.string() }).nullable(),
  selectedConversationId: z.string().nullable(),
  selectedLegId: z.string().nullable(),
  collapsedConversations: z.record(z.string(), z.boolean()).optional(),
});
