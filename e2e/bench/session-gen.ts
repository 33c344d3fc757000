/**
 * A realistic, deterministic long session for the benchmarks: a few thousand conversations of 1-5 legs each, shaped
 * like the bundled mock's answers (form elicitations with signed requestState, state-only polls, the odd error), with
 * the request bytes composed by the app's own `composeRequest`.
 *
 * Pure TypeScript (no node:*, no DOM): the Node benchmarks and the browser harness page both import it.
 */
import type { Exchange, HeaderList } from '../../src/protocol/exchange.ts';
import { ALL_CAPABILITIES } from '../../src/protocol/envelope.ts';
import type { InputRequests, JsonObject } from '../../src/protocol/types.ts';
import { composeRequest } from '../../src/session/compose.ts';
import type { SessionEvent } from '../../src/session/events.ts';
import { emptySession, type SessionState } from '../../src/session/model.ts';
import { reduce } from '../../src/session/reducer.ts';
import { reduceMany } from '../../src/session/reduce-many.ts';

/** Share of conversations with 1, 2, 3, 4 and 5 legs (mean 2.53 legs, so 10,000 legs is about 3,950 calls). */
export const LEG_COUNT_WEIGHTS = [0.2, 0.35, 0.25, 0.12, 0.08] as const;

export interface GeneratedSession {
  /** every event, in dispatch order, replayable from `emptySession` */
  events: SessionEvent[];
  state: SessionState;
  legs: number;
  conversations: number;
  /** conversations by leg count: index 0 = 1 leg */
  histogram: number[];
}

/** mulberry32: a small seeded PRNG, so every run benchmarks the same session. */
/** The first leg of `provision {name: "orders"}` exactly as the app composes it (the wire and mock figures send it). */
export function provisionFirstLeg(mcpUrl: string) {
  const state = reduce(emptySession, {
    type: 'conversation/started',
    kind: 'call',
    id: 'c',
    title: 'provision',
    method: 'tools/call',
    params: { name: 'provision', arguments: { name: 'orders' } },
    serverUrl: mcpUrl,
    capabilities: ALL_CAPABILITIES,
    at: 0,
  });
  const draft = state.conversations.c?.draft;
  const conversation = state.conversations.c;
  if (!conversation || !draft) throw new Error('no draft');
  return { composed: composeRequest(conversation, draft, { url: mcpUrl }), rpcId: draft.rpcId };
}

function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOOLS = ['provision', 'plan_trip', 'rolling_upgrade', 'configure_service', 'slow_job', 'sign_in'] as const;
const REGIONS = ['us-east-1', 'eu-west-1', 'ap-south-1'];
const SERVER_INFO = { 'io.modelcontextprotocol/serverInfo': { name: 'mrtr-mock', version: '1.0.0' } };
const URL = 'http://127.0.0.1:18765/mcp';

function b64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function signedState(rand: () => number, step: number, name: string): string {
  const payload = JSON.stringify({ p: { step, name }, exp: 1795304578 + step, b: b64url(String(rand())).slice(0, 22) });
  let sig = '';
  while (sig.length < 43) sig += Math.floor(rand() * 2 ** 32).toString(36);
  return `v1.${b64url(payload)}.${sig.slice(0, 43)}`;
}

function formRequest(key: string, name: string): InputRequests {
  return {
    [key]: {
      method: 'elicitation/create',
      params: {
        mode: 'form',
        message: `Which ${key} should ${name} use?`,
        requestedSchema: {
          type: 'object',
          properties: { [key]: { type: 'string', title: key, enum: REGIONS } },
          required: [key],
        },
      },
    },
  };
}

function responseHeaders(): HeaderList {
  return [
    ['content-type', 'application/json'],
    ['date', 'Sat, 21 Nov 2026 23:32:58 GMT'],
    ['x-mock-instance', 'main'],
  ];
}

function exchangeFor(request: Exchange['request'], body: string, startedAt: number, rand: () => number): Exchange {
  const durationMs = 2 + rand() * 40;
  return {
    request,
    startedAt,
    headersMs: durationMs * 0.9,
    durationMs,
    response: {
      status: 200,
      statusText: 'OK',
      headers: responseHeaders(),
      contentType: 'application/json',
      body,
      size: body.length,
    },
    message: JSON.parse(body) as unknown,
  };
}

function pickLegCount(rand: () => number): number {
  let r = rand();
  for (let i = 0; i < LEG_COUNT_WEIGHTS.length; i++) {
    r -= LEG_COUNT_WEIGHTS[i] ?? 0;
    if (r < 0) return i + 1;
  }
  return LEG_COUNT_WEIGHTS.length;
}

/**
 * Generate `legCount` legs as the app would dispatch them: per call `conversation/started`, then per leg
 * `leg/sent`, the answers (`draft/answer`), and `leg/recorded`.
 */
export function generateSession(legCount: number, seed = 42): GeneratedSession {
  const rand = seeded(seed);
  const events: SessionEvent[] = [];
  const histogram = LEG_COUNT_WEIGHTS.map(() => 0);
  // Conversations are independent: each is generated against a one-conversation state (only nextRpcId is shared),
  // so generating stays linear; the full state is built at the end.
  let state: SessionState = emptySession;
  let legs = 0;
  let conversations = 0;
  let clock = 1_795_300_000_000;
  const apply = (event: SessionEvent) => {
    events.push(event);
    state = reduce(state, event);
  };
  while (legs < legCount) {
    const want = Math.min(pickLegCount(rand), legCount - legs);
    histogram[want - 1] = (histogram[want - 1] ?? 0) + 1;
    const id = `conv-${conversations.toString(16).padStart(6, '0')}`;
    const tool = TOOLS[conversations % TOOLS.length] ?? 'provision';
    const name = `svc-${conversations}`;
    conversations += 1;
    const params: JsonObject = { name: tool, arguments: { name } };
    state = { ...emptySession, nextRpcId: state.nextRpcId };
    apply({
      type: 'conversation/started',
      kind: 'call',
      id,
      title: tool,
      method: 'tools/call',
      params,
      serverUrl: URL,
      capabilities: ALL_CAPABILITIES,
      at: clock,
    });
    for (let i = 0; i < want; i++) {
      const conversation = state.conversations[id];
      const draft = conversation?.draft;
      if (!conversation || !draft) break;
      for (const key of Object.keys(draft.inputRequests)) {
        const region = REGIONS[Math.floor(rand() * REGIONS.length)] ?? 'eu-west-1';
        apply({
          type: 'draft/answer',
          conversationId: id,
          key,
          response: { action: 'accept', content: { [key]: region } },
        });
      }
      const composed = composeRequest(conversation, state.conversations[id]?.draft ?? draft, { url: URL });
      clock += 200 + Math.floor(rand() * 3000);
      apply({ type: 'leg/sent', conversationId: id, rpcId: draft.rpcId, at: clock });
      const last = i === want - 1;
      let result: JsonObject;
      if (!last) {
        const stateOnly = tool === 'slow_job' || tool === 'sign_in';
        result = {
          resultType: 'input_required',
          ...(stateOnly
            ? {}
            : { inputRequests: formRequest(i === 0 ? 'region' : `step${i}`, name) as unknown as JsonObject }),
          requestState: signedState(rand, i, name),
          _meta: SERVER_INFO,
        };
      } else if (rand() < 0.03) {
        result = {};
      } else {
        result = {
          content: [{ type: 'text', text: `${tool} finished for ${name} after ${want} leg(s)` }],
          resultType: 'complete',
          _meta: SERVER_INFO,
        };
      }
      const body =
        last && Object.keys(result).length === 0
          ? JSON.stringify({
              jsonrpc: '2.0',
              id: draft.rpcId,
              error: {
                code: -32602,
                message: 'Invalid or expired requestState',
                data: { reason: 'invalid_request_state' },
              },
            })
          : JSON.stringify({ result, jsonrpc: '2.0', id: draft.rpcId });
      const request = { url: URL, method: 'POST' as const, headers: composed.headers, body: composed.body };
      const exchange = exchangeFor(request, body, clock, rand);
      clock += Math.ceil(exchange.durationMs);
      apply({
        type: 'leg/recorded',
        conversationId: id,
        legId: `leg-${legs.toString(16).padStart(6, '0')}`,
        rpcId: draft.rpcId,
        exchange,
        sent: composed.sent,
      });
      legs += 1;
    }
  }
  return { events, state: reduceMany(emptySession, events), legs, conversations, histogram };
}
