/**
 * "Compare eras": the same call with the same answers on 2026-07-28 and on 2025-11-25, lined up. The runs themselves
 * are injected (the app and tests pass `runModernCall` / `runLegacyCall` from `client/era-runs.ts`); this file only
 * reads the recorded exchanges: one arrow per message for the side-by-side sequence diagrams, and the figures (HTTP
 * round trips, messages each way, bytes, time) for the table. It also names the dual-era pitfall when the legacy run
 * ended with -32603 where the modern one asked for input.
 */
import type { Finding } from '../../protocol/doctor.ts';
import { dualEraPitfall } from '../../protocol/era.ts';
import type { Exchange } from '../../protocol/exchange.ts';
import { isJsonObject, type JsonObject } from '../../protocol/types.ts';

/** Structural copy of client/era-runs.ts `EraTrace` (session/ does not import client/). */
interface EraTraceLike {
  era: 'modern' | 'legacy';
  steps: { label: string; exchange: Exchange }[];
  final?: JsonObject;
  questions: { method: string }[];
  failure?: string;
}

interface Arrow {
  from: 'client' | 'server';
  /** plain words: `tools/call`, `elicitation/create (pushed)`, `result: input_required`, `HTTP 202` */
  text: string;
}

export interface EraFigures {
  era: 'modern' | 'legacy';
  /** HTTP requests sent (each one is a round trip) */
  httpRoundTrips: number;
  /** JSON-RPC messages the client sent / the server sent (requests, responses, notifications) */
  clientMessages: number;
  serverMessages: number;
  /** questions the server asked (input requests or pushed requests) */
  questions: number;
  bytesSent: number;
  bytesReceived: number;
  /** from the first request to the end of the last body */
  ms: number;
  outcome: 'complete' | 'error' | 'failed';
  /** the final result's text, or the error's code and message, or why it failed */
  summary: string;
  arrows: Arrow[];
}

export interface EraComparison {
  modern: EraFigures;
  legacy: EraFigures;
  /** set when the legacy run shows the dual-era bug */
  pitfall?: Finding;
}

const utf8 = (s: string) => new TextEncoder().encode(s).byteLength;

/** The messages a response carried, each with when it arrived (ms epoch). */
function messagesOf(exchange: Exchange): { m: JsonObject; at: number }[] {
  const events = exchange.response?.sseEvents;
  if (events) {
    const out: { m: JsonObject; at: number }[] = [];
    for (const e of events) {
      try {
        const m: unknown = e.data.trim() ? JSON.parse(e.data) : undefined;
        if (isJsonObject(m)) out.push({ m, at: exchange.startedAt + e.at });
      } catch {
        /* a non-JSON event carries no message */
      }
    }
    return out;
  }
  const at = exchange.startedAt + (exchange.headersMs ?? exchange.durationMs);
  return isJsonObject(exchange.message) ? [{ m: exchange.message, at }] : [];
}

function describe(m: JsonObject): string {
  if (typeof m.method === 'string') return 'id' in m ? `${m.method} (pushed)` : m.method;
  if (isJsonObject(m.error)) return `error ${String(m.error.code)}`;
  const r = m.result;
  if (isJsonObject(r) && typeof r.resultType === 'string' && r.resultType !== 'complete')
    return `result: ${r.resultType}`;
  return 'result';
}

function requestText(step: { label: string; exchange: Exchange }): string {
  const body = step.exchange.request.body;
  if (!body) return step.label;
  try {
    const m: unknown = JSON.parse(body);
    if (isJsonObject(m) && typeof m.method === 'string') return m.method;
    if (isJsonObject(m) && 'result' in m) return 'answer (JSON-RPC response)';
  } catch {
    /* fall through */
  }
  return step.label;
}

function summaryOf(trace: EraTraceLike): Pick<EraFigures, 'outcome' | 'summary'> {
  const final = trace.final;
  if (!final) return { outcome: 'failed', summary: trace.failure ?? 'no response' };
  if (isJsonObject(final.error))
    return { outcome: 'error', summary: `${String(final.error.code)} ${String(final.error.message)}` };
  const result = isJsonObject(final.result) ? final.result : {};
  const content = Array.isArray(result.content) ? result.content : [];
  const text = content
    .map((c) => (isJsonObject(c) && typeof c.text === 'string' ? c.text : ''))
    .filter(Boolean)
    .join(' ');
  return { outcome: result.isError === true ? 'error' : 'complete', summary: text || 'complete' };
}

function eraFigures(trace: EraTraceLike): EraFigures {
  // arrows in the order they happened: a pushed request's answer goes out while the call's stream is still open
  const timed: (Arrow & { at: number; seq: number })[] = [];
  const push = (arrow: Arrow, at: number) => timed.push({ ...arrow, at, seq: timed.length });
  let clientMessages = 0;
  let serverMessages = 0;
  let bytesSent = 0;
  let bytesReceived = 0;
  let start = Infinity;
  let end = 0;
  for (const step of trace.steps) {
    const x = step.exchange;
    start = Math.min(start, x.startedAt);
    end = Math.max(end, x.startedAt + x.durationMs);
    bytesSent += utf8(x.request.body);
    bytesReceived += x.response?.size ?? 0;
    if (x.request.body) clientMessages++;
    push({ from: 'client', text: requestText(step) }, x.startedAt);
    const messages = messagesOf(x);
    serverMessages += messages.length;
    for (const { m, at } of messages) push({ from: 'server', text: describe(m) }, at);
    if (messages.length === 0 && x.response) {
      push({ from: 'server', text: `HTTP ${x.response.status}` }, x.startedAt + (x.headersMs ?? x.durationMs));
    }
  }
  const arrows = timed.sort((a, b) => a.at - b.at || a.seq - b.seq).map(({ from, text }): Arrow => ({ from, text }));
  return {
    era: trace.era,
    httpRoundTrips: trace.steps.length,
    clientMessages,
    serverMessages,
    questions: trace.questions.length,
    bytesSent,
    bytesReceived,
    ms: Number.isFinite(start) ? Math.round(end - start) : 0,
    ...summaryOf(trace),
    arrows,
  };
}

export interface CompareErasDeps {
  runModern: () => Promise<EraTraceLike>;
  runLegacy: () => Promise<EraTraceLike>;
  /** what the pitfall finding calls the call: the tool, prompt or resource */
  name: string;
  method: string;
}

/** Runs the call in both eras, one after the other (modern first), and lines the results up. */
export async function compareEras(deps: CompareErasDeps): Promise<EraComparison> {
  const modernTrace = await deps.runModern();
  const legacyTrace = await deps.runLegacy();
  const comparison: EraComparison = { modern: eraFigures(modernTrace), legacy: eraFigures(legacyTrace) };
  const error = legacyTrace.final && isJsonObject(legacyTrace.final.error) ? legacyTrace.final.error : undefined;
  const pitfall = dualEraPitfall({
    era: 'legacy',
    method: deps.method,
    name: deps.name,
    ...(error ? { error: { code: error.code, message: error.message } } : {}),
    modernAskedForInput: modernTrace.questions.length > 0,
  });
  if (pitfall) comparison.pitfall = pitfall;
  return comparison;
}
