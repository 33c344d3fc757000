/**
 * From watching to stepping and auditing: a watched call's leg becomes a branch of the app's own, or the call's name
 * is audited, against the watched server: a proxy-watched call's URL, or a fresh instance of a tapped call's server
 * (the page cannot reach the process the host launched: tapped-flows.ts). Each is one user intent across slices (the
 * session's conversations and forks, the connection, the audit), reached through the narrow ports below and never
 * through the whole store.
 */
import type { AuditInput } from '../../session/audit/audit-run.ts';
import type { WatchedServer } from '../../session/kinds/watched/tapped-server.ts';
import type { Conversation, SessionState } from '../../session/model.ts';
import type { ForkVariant } from '../session-slice.ts';
import type { TappedFlows } from './tapped-flows.ts';

/** the calls a watched conversation can be stepped or audited from (a client's other traffic cannot) */
const WATCHED_CALLS: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);

/** What both intents read and do: the session, and the connection (moved to the watched server when elsewhere). */
export interface WatchedCallPorts {
  session: () => SessionState;
  connectedUrl: () => string | null;
  connect: (url: string) => void;
  /** where the watched call `conversation` goes now (watchedServerOf, given the proxies and taps running) */
  serverOf: (conversation: Conversation) => WatchedServer;
  /** a tapped call's fork, audit and replay, against a fresh instance of its server */
  tapped: TappedFlows;
}

export interface ForkWatchedPorts extends WatchedCallPorts {
  /** fork `legId` into a branch of the app's own (the session slice's fork); returns the branch's id */
  fork: (legId: string) => string;
}

export interface ResendWatchedPorts extends WatchedCallPorts {
  /** fork `legId` and send the branch at once (the session slice's forkAndSend) */
  forkAndSend: (legId: string, variant: ForkVariant) => Promise<unknown>;
}

export interface AuditWatchedPorts extends WatchedCallPorts {
  /** the audit form opens with `name` filled in */
  askAudit: (name: string) => void;
  startAudit: (input: AuditInput) => Promise<void>;
}

/** the watched call `conversation` is one the app can step or audit */
const steppable = (conversation: Conversation | undefined): conversation is Conversation =>
  Boolean(conversation?.watched) && WATCHED_CALLS.has(conversation?.method ?? '');

/** Connect to the watched server when the page is on another. */
function toServerOf(conversation: Conversation, ports: WatchedCallPorts): void {
  if (ports.connectedUrl() !== conversation.serverUrl) ports.connect(conversation.serverUrl);
}

/** A branch resending the watched leg `legId` from the composer; its id, or null when it is not a watched call's leg. */
export function forkWatchedLeg(legId: string, ports: ForkWatchedPorts): string | null {
  const session = ports.session();
  const leg = session.legs[legId];
  const conversation = leg && session.conversations[leg.conversationId];
  if (!steppable(conversation)) return null;
  const where = ports.serverOf(conversation);
  if (where.kind !== 'url') {
    // its branch comes once the fresh instance runs
    void ports.tapped.fork(legId, where);
    return null;
  }
  toServerOf(conversation, ports);
  return ports.fork(legId);
}

/**
 * Replay round, Decline instead: a branch of `legId` sent at once, to the conversation's server; a tapped call's to a
 * fresh instance of its server (the tapped command line itself is no address the page can send to).
 */
export async function resendFrom(legId: string, variant: ForkVariant, ports: ResendWatchedPorts): Promise<void> {
  const session = ports.session();
  const conversation = session.conversations[session.legs[legId]?.conversationId ?? ''];
  const where = conversation ? ports.serverOf(conversation) : undefined;
  await (where && where.kind !== 'url'
    ? ports.tapped.forkAndSend(legId, variant, where)
    : ports.forkAndSend(legId, variant));
}

/** Audit the watched call `conversationId` by its name (or resource URI) against its server. */
export async function auditWatchedCall(conversationId: string, ports: AuditWatchedPorts): Promise<void> {
  const conversation = ports.session().conversations[conversationId];
  if (!steppable(conversation)) return;
  const name = conversation.params.name ?? conversation.params.uri;
  if (typeof name !== 'string') return;
  const where = ports.serverOf(conversation);
  if (where.kind !== 'url') {
    if ((await ports.tapped.connectFresh(where)) === undefined) return;
  } else toServerOf(conversation, ports);
  ports.askAudit(name);
  await ports.startAudit({ only: [name] });
}
