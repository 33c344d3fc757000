/** A fake world for flow tests: a session driven by the real reducer, a scripted server, a fake clock. */
import { ALL_CAPABILITIES } from '../../protocol/envelope.ts';
import type { Exchange } from '../../protocol/exchange.ts';
import { jsonExchange } from '../../protocol/lint/lint-legs.fixtures.ts';
import type { JsonObject } from '../../protocol/types.ts';
import { composeRequest } from '../compose.ts';
import type { SessionEvent } from '../events.ts';
import { emptySession, type SessionState } from '../model.ts';
import { reduce } from '../reducer.ts';
import type { FlowDeps, RunWait } from './flow-deps.ts';

export const T0 = 1_800_000_000_000;

/** What a scripted server answers to a leg of `conversationId` (its params as sent): a result, or `rpcError(...)`. */
export type Script = (conversationId: string, params: JsonObject) => JsonObject;

const RPC_ERROR = '__rpcError';

/** A script's answer that is a JSON-RPC error instead of a result. */
export const rpcError = (code: number, message: string): JsonObject => ({ [RPC_ERROR]: { code, message } });

/** How the n-th leg sent (1-based) fails in transport, if it does: no response at all, or a stream cut mid-way. */
export type TransportFault = (n: number) => 'network' | 'timeout' | 'stream' | undefined;

export function fakeWorld(script: Script, fault: TransportFault = () => undefined) {
  let session: SessionState = emptySession;
  let clock = T0;
  let ids = 0;
  const stop = new AbortController();
  const sleeps: number[] = [];
  const waits: (RunWait | null)[] = [];
  const sentBy: string[] = [];
  const dispatch = (event: SessionEvent) => {
    session = reduce(session, event);
  };

  /** Send the conversation's draft and record the scripted reply, as the store does over the wire. */
  const send = async (conversationId: string) => {
    const c = session.conversations[conversationId];
    if (!c?.draft) return;
    const composed = composeRequest(c, c.draft, { url: 'http://fake/mcp' });
    dispatch({ type: 'leg/sent', conversationId, rpcId: c.draft.rpcId, at: clock });
    const params = (JSON.parse(composed.body) as { params: JsonObject }).params;
    const failure = fault(sentBy.length + 1);
    if (failure) {
      sentBy.push(conversationId);
      const request = { url: composed.url, method: 'POST' as const, headers: composed.headers, body: composed.body };
      const exchange: Exchange =
        failure === 'stream'
          ? {
              request,
              response: {
                status: 200,
                statusText: 'OK',
                headers: [['content-type', 'text/event-stream']],
                contentType: 'text/event-stream',
                body: ': open\n\n',
                size: 9,
                sseEvents: [],
                truncated: true,
              },
              failure: { kind: 'stream', message: 'the connection dropped while reading the body' },
              startedAt: clock,
              durationMs: 1,
            }
          : { request, failure: { kind: failure, message: `${failure} (scripted)` }, startedAt: clock, durationMs: 1 };
      dispatch({
        type: 'leg/recorded',
        conversationId,
        legId: `leg-${++ids}`,
        rpcId: c.draft.rpcId,
        exchange,
        sent: composed.sent,
      });
      return;
    }
    const answer = script(conversationId, params);
    const error = answer[RPC_ERROR];
    const message =
      error !== undefined
        ? { jsonrpc: '2.0', id: c.draft.rpcId, error }
        : { jsonrpc: '2.0', id: c.draft.rpcId, result: answer };
    const request = { url: composed.url, method: 'POST' as const, headers: composed.headers, body: composed.body };
    const exchange = jsonExchange(request, message, clock);
    sentBy.push(conversationId);
    dispatch({
      type: 'leg/recorded',
      conversationId,
      legId: `leg-${++ids}`,
      rpcId: c.draft.rpcId,
      exchange,
      sent: composed.sent,
    });
  };

  const deps: FlowDeps = {
    dispatch,
    now: () => clock,
    // fake time: a sleep moves the clock at once (or not at all when stopped before it starts)
    sleep: async (ms, signal) => {
      sleeps.push(ms);
      if (!signal.aborted) clock += ms;
    },
    showWait: (w) => waits.push(w),
    signal: stop.signal,
  };

  /** Start a tools/call conversation (no leg sent yet) and return its id. */
  const start = (name: string, args: JsonObject = {}) => {
    const id = `conv-${++ids}`;
    dispatch({
      type: 'conversation/started',
      kind: 'call',
      id,
      title: name,
      method: 'tools/call',
      params: { name, arguments: args },
      serverUrl: 'http://fake/mcp',
      capabilities: ALL_CAPABILITIES,
      at: clock,
    });
    return id;
  };

  return {
    deps,
    send,
    start,
    stop,
    sleeps,
    waits,
    sentBy,
    session: () => session,
    newId: (prefix: string) => `${prefix}-${++ids}`,
  };
}

export const ask = (inputRequests: JsonObject, requestState?: string): JsonObject => ({
  resultType: 'input_required',
  inputRequests,
  ...(requestState === undefined ? {} : { requestState }),
});
export const comeBackLater = (requestState: string): JsonObject => ({ resultType: 'input_required', requestState });
export const done = (text: string): JsonObject => ({ content: [{ type: 'text', text }] });
