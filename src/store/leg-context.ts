/**
 * Where a conversation's next leg goes and what it carries: its own server (the one that asked, the one that minted
 * its requestState), with that server's settings, sign-in and session, whatever the app is connected to now. The
 * composer's preview and the send both take their context from `legContextOf`, so what the composer shows is what
 * is sent. Sending a leg elsewhere (a fleet check, a deliberate replay) is the draft's `target`, set by hand.
 */
import type { EraConnections } from '../client/legacy/era-connections.ts';
import type { ConnectionContext } from '../session/compose.ts';
import { withLegacySession } from '../session/kinds/legacy-call/compose-legacy-call.ts';
import { connectionContextOf } from '../session/selectors.ts';
import {
  currentSettings,
  tokenFor,
  type ConnectionSettingsData,
  type ConnectionSlice,
  type TransportMode,
} from './connection-slice.ts';

/** Where a leg goes, and how that relates to the conversation's server and the connection. */
export interface LegTarget {
  /** the URL the leg is sent to */
  url: string;
  /** the conversation's own server: the one that asked, whose requestState and session the leg carries */
  own: string;
  /** the server the app is connected to now; null when not connected */
  connected: string | null;
}

export interface LegContext {
  ctx: ConnectionContext;
  transportMode: TransportMode;
  target: LegTarget;
}

type SettingsSource = ConnectionSlice;

/** No custom headers (one object, so a render that reads the settings twice sees the same value). */
const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * The settings requests to `url` are made with: the working ones when `url` is the connection's; else that server's
 * saved connection, or the working protocol version and client info without the connection's custom headers (they
 * were typed for another server). The token is always the one bound to `url`, if any.
 */
export function settingsFor(s: SettingsSource, url: string): ConnectionSettingsData {
  const working = currentSettings(s);
  if (url === working.url) return working;
  const saved = s.savedConnections.find((c) => c.url === url);
  const base: ConnectionSettingsData = saved ? { ...saved } : { ...working, customHeaders: NO_HEADERS };
  return { ...base, url, bearerToken: tokenFor(s, url) };
}

/** The facts of the 2025-11-25 session that a leg to `url` goes over, read when called (it numbers its requests). */
function sessionAt(eras: EraConnections | undefined, url: string) {
  return eras?.legacyFor(url);
}

/** What says where a leg goes: the conversation's server, and the target its draft names, if any. */
type LegAddress = { serverUrl: string; draft?: { target?: string } | undefined };

/** Where a conversation's next leg goes: the target chosen by hand, else the conversation's own server. */
export function legUrlOf(conversation: LegAddress): string {
  return conversation.draft?.target ?? conversation.serverUrl;
}

/** The context a conversation's next leg is composed and sent with (see the file's comment). */
export function legContextOf(
  s: SettingsSource,
  eras: EraConnections | undefined,
  conversation: LegAddress,
): LegContext {
  return legContextWith(settingsFor(s, legUrlOf(conversation)), s.connectedUrl, eras, conversation);
}

/** The same, from the settings for the leg's URL (`settingsFor`) and the URL the app is connected to. */
export function legContextWith(
  settings: ConnectionSettingsData,
  connected: string | null,
  eras: EraConnections | undefined,
  conversation: LegAddress,
): LegContext {
  const url = legUrlOf(conversation);
  const base = connectionContextOf(settings);
  const session = sessionAt(eras, url);
  const ctx = session ? withLegacySession(base, session) : base;
  return { ctx, transportMode: settings.transportMode, target: { url, own: conversation.serverUrl, connected } };
}
