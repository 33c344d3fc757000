/**
 * Reading the saved parts back: the raw texts (read before the store exists, in parallel with other start-up work)
 * and the store patch they make. A part that cannot be read is set aside by the caller and named in `problems`;
 * the other parts still load.
 */
import type * as z from 'zod';
import type { KeyValueStorage } from '../../lib/storage/key-value-storage.ts';
import { toStorageError } from '../../lib/storage/key-value-storage.ts';
import { PROTOCOL_VERSION } from '../../protocol/types.ts';
import type { SessionState } from '../../session/model.ts';
import { internSessionStrings } from '../../session/io/intern.ts';
import type { InspectorState } from '../inspector-store.ts';
import { assembleSessionText } from './session-save.ts';

// zod-based codecs, loaded only when there is something to read
const sessionFileCodec = () => import('../../session/io/session-file.ts');
const settingsSchemas = () => import('./persisted-schemas.ts');

export interface LoadReport {
  /** something was restored */
  restored: boolean;
  /** one clear sentence per part that could not be read; everything else was still loaded */
  problems: string[];
}

/** The raw saved texts, read before the store exists (in parallel with other start-up work). */
export type SavedTexts = { session?: string; connection?: string; ui?: string } | { unavailable: string };

export type SavedKeys = ReturnType<typeof keysOf>;

export function keysOf(prefix = 'inspector/') {
  return { session: `${prefix}session`, connection: `${prefix}connection`, ui: `${prefix}ui` };
}

/** Reads the three saved parts at once; a storage that cannot be opened is reported, not thrown. */
export async function readSaved(storage: KeyValueStorage, prefix?: string): Promise<SavedTexts> {
  const keys = keysOf(prefix);
  try {
    const [session, connection, ui] = await Promise.all([
      storage.get(keys.session).then((text) => assembleSessionText(storage, keys.session, text)),
      storage.get(keys.connection),
      storage.get(keys.ui),
    ]);
    const out: { session?: string; connection?: string; ui?: string } = {};
    if (session !== undefined) out.session = session;
    if (connection !== undefined) out.connection = connection;
    if (ui !== undefined) out.ui = ui;
    return out;
  } catch (err) {
    return { unavailable: toStorageError(err).message };
  }
}

type SetAside = (key: string, text: string) => Promise<void>;

/** A saved settings part checked against its schema; undefined (and a problem, and the text set aside) if it fails. */
async function readJson<T>(
  key: string,
  text: string | undefined,
  schema: () => Promise<z.ZodType<T>>,
  label: string,
  problems: string[],
  setAside: SetAside,
): Promise<T | undefined> {
  if (text === undefined) return undefined;
  try {
    const json: unknown = JSON.parse(text);
    const checked = (await schema()).safeParse(json);
    if (checked.success) return checked.data;
    const issue = checked.error.issues[0];
    problems.push(
      `The saved ${label} could not be read (${issue?.path.join('.') || 'value'}: ${issue?.message}); defaults are used.`,
    );
  } catch (err) {
    problems.push(
      `The saved ${label} could not be read (not valid JSON: ${err instanceof Error ? err.message : String(err)}); defaults are used.`,
    );
  }
  await setAside(key, text);
  return undefined;
}

/**
 * The store patch the saved texts make: the session, the connection settings (bearer tokens never come from disk)
 * and the selection (only what still exists in the session). `current`: the session in the store now.
 */
export async function restoreSaved(
  read: Exclude<SavedTexts, { unavailable: string }>,
  keys: SavedKeys,
  current: SessionState,
  setAside: SetAside,
): Promise<{ patch: Partial<InspectorState>; restored: boolean; problems: string[] }> {
  const problems: string[] = [];
  let restored = false;
  const patch: Partial<InspectorState> = {};
  if (read.session !== undefined) {
    const { parseSessionFile } = await sessionFileCodec();
    const parsed = parseSessionFile(read.session);
    if (parsed.ok) {
      // parsed from text: every repeated string (header names, content types, requestStates) is a copy of its own
      internSessionStrings(parsed.session);
      patch.session = parsed.session;
      restored = true;
    } else {
      await setAside(keys.session, read.session);
      problems.push(
        `The saved session could not be read (${parsed.error}). It was set aside, not deleted, and a new session started; connection settings were still restored.`,
      );
    }
  }
  const connectionSchema = async () => (await settingsSchemas()).connectionSchema;
  const connection = await readJson(
    keys.connection,
    read.connection,
    connectionSchema,
    'connection settings',
    problems,
    setAside,
  );
  if (connection) {
    const { connectedUrl: _c, savedConnections, clientInfo, activeConnectionId, holdLegs, ...rest } = connection;
    // an empty version would send an empty MCP-Protocol-Version: refused here as setProtocolVersion refuses it
    const versionOf = (v: string) => (v.trim() === '' ? PROTOCOL_VERSION : v.trim());
    if ([rest.protocolVersion, ...(savedConnections ?? []).map((c) => c.protocolVersion)].some((v) => !v.trim()))
      problems.push(
        `A saved protocol version was empty (an empty MCP-Protocol-Version would be refused): ${PROTOCOL_VERSION} is used instead.`,
      );
    Object.assign(patch, rest, { protocolVersion: versionOf(rest.protocolVersion) });
    if (clientInfo) patch.clientInfo = clientInfo;
    if (holdLegs) patch.holdLegs = holdLegs;
    if (savedConnections) {
      patch.savedConnections = savedConnections.map(({ holdLegs: hold, ...c }) => ({
        ...c,
        protocolVersion: versionOf(c.protocolVersion),
        holdLegs: hold ?? 'always',
        bearerToken: '',
        notSecret: c.notSecret ?? [],
      }));
    }
    if (activeConnectionId !== undefined) patch.activeConnectionId = activeConnectionId;
    if (connection.connectedUrl) patch.connectedUrl = connection.connectedUrl;
    restored = true;
  }
  const uiSchema = async () => (await settingsSchemas()).uiSchema;
  const ui = await readJson(keys.ui, read.ui, uiSchema, 'selection', problems, setAside);
  const session = patch.session ?? current;
  if (ui) {
    patch.selection = ui.selection;
    if (ui.selectedConversationId && session.conversations[ui.selectedConversationId]) {
      patch.selectedConversationId = ui.selectedConversationId;
    }
    if (ui.selectedLegId && session.legs[ui.selectedLegId]) patch.selectedLegId = ui.selectedLegId;
    if (ui.collapsedConversations) patch.collapsedConversations = ui.collapsedConversations;
  }
  return { patch, restored, problems };
}
