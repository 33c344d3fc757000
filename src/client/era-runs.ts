/**
 * One call, run to the end in one era, with every HTTP exchange recorded: the raw material of "Compare eras".
 *
 * - 2026-07-28: `tools/call` (or prompts/get, resources/read) legs; each `input_required` round is answered by
 *   `answer(request)` for every key and retried with the echoed `requestState`, up to `maxRounds` legs.
 * - 2025-11-25: `initialize` + `notifications/initialized`, the call, each request the server pushes answered by the
 *   same `answer(request)` in its own POST, then `DELETE`.
 *
 * Both eras get the same answers from the same function, so the traces differ only by what the protocols do.
 */
import { ALL_CAPABILITIES, envelope } from '../protocol/envelope.ts';
import type { Exchange } from '../protocol/exchange.ts';
import { requestHeaders } from '../protocol/headers.ts';
import { legParams } from '../protocol/retry.ts';
import { isJsonObject, type ClientInfo, type JsonObject, type JsonRpcRequest } from '../protocol/types.ts';
import { LegacySession } from './legacy/legacy-session.ts';
import { httpLegSender } from './leg-sender.ts';
import type { FetchLike } from './send-leg.ts';

type EraName = 'modern' | 'legacy';

/** A question from the server: an `inputRequests` entry (2026) or a pushed request (2025). */
export interface EraQuestion {
  method: string;
  params?: JsonObject;
}

/** One HTTP exchange of a trace (the messages in it are read by session/flows/compare-eras.ts). */
interface TraceStep {
  label: string;
  exchange: Exchange;
}

export interface EraTrace {
  era: EraName;
  steps: TraceStep[];
  /** the call's final JSON-RPC response (result or error), if it got one */
  final?: JsonObject;
  /** questions the server asked, in order */
  questions: EraQuestion[];
  /** why the run stopped without a final response */
  failure?: string;
}

export interface EraRunOptions {
  url: string;
  fetch: FetchLike;
  method: 'tools/call' | 'prompts/get' | 'resources/read';
  /** name + arguments, or uri */
  params: JsonObject;
  answer: (question: EraQuestion) => JsonObject;
  clientInfo?: ClientInfo;
  /** most legs on 2026-07-28 before giving up (default 10, the SDKs' round cap) */
  maxRounds?: number;
  now?: () => number;
}

export async function runModernCall(opts: EraRunOptions): Promise<EraTrace> {
  const trace: EraTrace = { era: 'modern', steps: [], questions: [] };
  let inputResponses: Record<string, JsonObject> | undefined;
  let requestState: string | undefined;
  const sender = httpLegSender({ fetch: opts.fetch, ...(opts.now ? { now: opts.now } : {}) });
  for (let leg = 1; leg <= (opts.maxRounds ?? 10); leg++) {
    const parts: Parameters<typeof legParams>[1] = {
      meta: envelope({ capabilities: ALL_CAPABILITIES, ...(opts.clientInfo ? { clientInfo: opts.clientInfo } : {}) }),
    };
    if (inputResponses) parts.inputResponses = inputResponses as never;
    if (requestState !== undefined) parts.requestState = requestState;
    const body: JsonRpcRequest = {
      jsonrpc: '2.0',
      id: leg,
      method: opts.method,
      params: legParams(opts.params, parts),
    };
    const exchange = await sender.send({
      url: opts.url,
      headers: requestHeaders(body),
      body: JSON.stringify(body),
      rpcId: leg,
    });
    trace.steps.push({ label: `${opts.method} (leg ${leg})`, exchange });
    const message = exchange.message;
    if (!isJsonObject(message)) {
      trace.failure =
        exchange.failure?.message ?? `leg ${leg}: no JSON-RPC response (HTTP ${exchange.response?.status})`;
      return trace;
    }
    const result = message.result;
    if (!isJsonObject(result) || result.resultType !== 'input_required') {
      trace.final = message;
      return trace;
    }
    const asked = isJsonObject(result.inputRequests) ? result.inputRequests : {};
    inputResponses = {};
    for (const [key, request] of Object.entries(asked)) {
      if (!isJsonObject(request) || typeof request.method !== 'string') continue;
      const question: EraQuestion = { method: request.method };
      if (isJsonObject(request.params)) question.params = request.params;
      trace.questions.push(question);
      inputResponses[key] = opts.answer(question);
    }
    requestState = typeof result.requestState === 'string' ? result.requestState : undefined;
  }
  trace.failure = `stopped at the round cap (${opts.maxRounds ?? 10} legs)`;
  return trace;
}

export async function runLegacyCall(opts: EraRunOptions): Promise<EraTrace> {
  const trace: EraTrace = { era: 'legacy', steps: [], questions: [] };
  const session = new LegacySession({
    url: opts.url,
    fetch: opts.fetch,
    clientInfo: opts.clientInfo ?? { name: 'mrtr-inspector', version: '0.1.0' },
    capabilities: { elicitation: { form: {}, url: {} }, sampling: {}, roots: { listChanged: true } },
    ...(opts.now ? { now: opts.now } : {}),
    onExchange: ({ label, exchange }) => trace.steps.push({ label, exchange }),
  });
  try {
    await session.initialize();
    trace.final = (await session.request(opts.method, opts.params, async (pushed) => {
      const question: EraQuestion = { method: pushed.method };
      if (pushed.params) question.params = pushed.params as JsonObject;
      trace.questions.push(question);
      return { result: opts.answer(question) };
    })) as JsonObject;
  } catch (err) {
    trace.failure = err instanceof Error ? err.message : String(err);
  } finally {
    await session.close().catch(() => undefined);
  }
  return trace;
}
