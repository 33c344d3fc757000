/**
 * One call over the 2025-11-25 session of the connection: the `tools/call` (or prompts/get, resources/read) POST,
 * recorded as the conversation's leg with exactly the bytes that went out and came back.
 */
import type { LegacySession } from '../client/legacy/legacy-session.ts';
import { LegacyProtocolError } from '../client/legacy/legacy-session.ts';
import { refusePushed } from '../client/legacy/refuse-pushed.ts';
import type { EraConnections } from '../client/legacy/era-connections.ts';
import type { Exchange } from '../protocol/exchange.ts';
import type { JsonObject, RpcId } from '../protocol/types.ts';
import type { Conversation, Draft, SentFacts } from '../session/model.ts';

export interface LegacyLeg {
  exchange: Exchange;
  rpcId: RpcId;
  sent: SentFacts;
}

function idOf(body: string): RpcId | undefined {
  try {
    const id = (JSON.parse(body) as { id?: unknown }).id;
    return typeof id === 'string' || typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}

export async function sendLegacyLeg(
  session: LegacySession,
  eras: EraConnections,
  conversation: Conversation,
  draft: Draft,
  signal: AbortSignal,
  now: () => number,
): Promise<LegacyLeg> {
  const log = eras.exchanges;
  const before = log.length;
  let error: unknown;
  try {
    await session.request(conversation.method, draft.params, refusePushed, signal);
  } catch (err) {
    error = err;
  }
  const sent: SentFacts = {
    answeredKeys: [],
    unansweredKeys: [],
    requestStateEdited: false,
    bodyEdited: false,
    capabilities: draft.capabilities,
    params: draft.params as JsonObject,
  };
  const legs = log.slice(before).filter((e) => e.label === conversation.method || e.label.startsWith('GET (resume'));
  const exchange =
    legs.at(-1)?.exchange ??
    (error instanceof LegacyProtocolError ? error.exchange : undefined) ??
    ({
      request: { url: conversation.serverUrl, method: 'POST', headers: [], body: '' },
      startedAt: now(),
      durationMs: 0,
      failure: { kind: 'network', message: error instanceof Error ? error.message : String(error) },
    } satisfies Exchange);
  const first = legs[0]?.exchange.request.body ?? '';
  return { exchange, rpcId: idOf(first) ?? draft.rpcId, sent };
}
