/**
 * A session without a store: the same reducer, composer and classification the app uses, driven by plain async
 * calls with an injected `send` (Node's fetch in the command line, a fake in tests). Replay and audit run on it, so a
 * leg they send is byte-for-byte the leg the app would send for the same draft.
 */
import type { RequestOptions } from '../../protocol/envelope.ts';
import type { Exchange } from '../../protocol/exchange.ts';
import type { ClientCapabilities, ClientInfo, JsonObject, RpcId } from '../../protocol/types.ts';
import { composeRequest, type ComposedRequest, type ConnectionContext } from '../compose.ts';
import { conversationStarted, type SessionEvent } from '../events.ts';
import { emptySession, type Conversation, type Leg, type SessionState } from '../model.ts';
import { reduce } from '../reducer.ts';

/** Sends one composed leg; never throws (failures are recorded in the exchange, as `sendLeg` does). */
type SendComposed = (request: ComposedRequest & { rpcId: RpcId }) => Promise<Exchange>;

export interface DriverDeps {
  send: SendComposed;
  now: () => number;
  /** connection the legs go to (url, protocol version, client info, headers) */
  connection: ConnectionContext;
}

interface StartInput {
  method: string;
  title: string;
  params: JsonObject;
  capabilities: ClientCapabilities;
  inputSchema?: JsonObject;
  /** optional `_meta` members (progressToken, logLevel, traceparent) on every leg of the call */
  requestOptions?: RequestOptions;
  /** extra headers on the first leg only (e.g. a deliberately wrong Mcp-Name) */
  headers?: Record<string, string>;
  /** send the first leg with this connection changed (another URL, another identity) */
  connection?: Partial<ConnectionContext>;
}

export interface SessionDriver {
  state(): SessionState;
  dispatch(event: SessionEvent): void;
  conversation(id: string): Conversation;
  /** create a conversation and send its first leg; returns the conversation id */
  start(input: StartInput): Promise<string>;
  /** send the conversation's draft as composed (after any draft events); returns the recorded leg */
  sendDraft(conversationId: string, connection?: Partial<ConnectionContext>): Promise<Leg>;
  /** the last recorded leg of a conversation */
  lastLeg(conversationId: string): Leg | undefined;
  /** a branch that copies the paused draft, optionally sending another requestState (null: omit it) */
  forkDraft(conversationId: string, requestState?: string | null): string;
  /** a branch that resends an earlier leg as it was sent (same answers and state, new id) */
  forkLeg(legId: string): string;
  /** a fresh id for a conversation or run this driver's session does not use yet */
  newId(prefix: string): string;
}

export const DEFAULT_CLIENT_INFO_CLI: ClientInfo = { name: 'mrtr-inspector-cli', version: '0.1.0' };

export function createDriver(deps: DriverDeps): SessionDriver {
  let state: SessionState = emptySession;
  let ids = 0;
  const newId = (prefix: string) => `${prefix}-${++ids}`;
  const dispatch = (event: SessionEvent) => {
    state = reduce(state, event);
  };
  const conversation = (id: string): Conversation => {
    const c = state.conversations[id];
    if (!c) throw new Error(`no conversation ${id}`);
    return c;
  };
  const lastLeg = (id: string): Leg | undefined => {
    const c = state.conversations[id];
    const legId = c?.legIds[c.legIds.length - 1];
    return legId ? state.legs[legId] : undefined;
  };
  const sendDraft = async (conversationId: string, connection: Partial<ConnectionContext> = {}): Promise<Leg> => {
    const c = conversation(conversationId);
    const draft = c.draft;
    if (!draft) throw new Error(`conversation ${conversationId} has nothing to send`);
    const composed = composeRequest(c, draft, { ...deps.connection, ...connection });
    dispatch({ type: 'leg/sent', conversationId, rpcId: draft.rpcId, at: deps.now() });
    const exchange = await deps.send({ ...composed, rpcId: composed.message?.id ?? draft.rpcId });
    const legId = newId('leg');
    dispatch({ type: 'leg/recorded', conversationId, legId, rpcId: draft.rpcId, exchange, sent: composed.sent });
    return state.legs[legId]!;
  };
  return {
    state: () => state,
    dispatch,
    conversation,
    lastLeg,
    sendDraft,
    async start(input) {
      const id = newId('conv');
      dispatch(
        conversationStarted(id, input, {
          serverUrl: input.connection?.url ?? deps.connection.url,
          capabilities: input.capabilities,
          at: deps.now(),
          kind: 'call',
        }),
      );
      if (input.headers) dispatch({ type: 'draft/headers', conversationId: id, headers: input.headers });
      await sendDraft(id, input.connection);
      return id;
    },
    forkDraft(conversationId, requestState) {
      const id = newId('conv');
      const event: SessionEvent = { type: 'draft/forked', conversationId, id, at: deps.now() };
      if (requestState !== undefined) event.requestState = requestState;
      dispatch(event);
      return id;
    },
    newId,
    forkLeg(legId) {
      const id = newId('conv');
      dispatch({ type: 'conversation/forked', fromLegId: legId, id, at: deps.now() });
      return id;
    },
  };
}
