import type { SseEventRecord } from '../../protocol/exchange.ts';
import { isJsonObject } from '../../protocol/types.ts';

/** The latest `notifications/progress` of a leg in flight. */
export interface LiveProgress {
  progress: number;
  total?: number;
  message?: string;
  /** "3 of 5: Step 3" (or "3: Step 3" when the total is unknown) */
  text: string;
}

/** One `notifications/message` (a log message) of a leg in flight, its data already turned into text. */
export interface LiveLog {
  /** ms since the request started */
  at: number;
  level: string;
  logger?: string;
  text: string;
}

export interface LiveView {
  progress?: LiveProgress;
  logs: LiveLog[];
  /** every SSE event so far (notifications, the response, anything unparseable) */
  eventCount: number;
}

function parse(data: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(data) as unknown;
    return isJsonObject(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

function finite(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function asText(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data === undefined) return '';
  return JSON.stringify(data);
}

function progressOf(params: Record<string, unknown>): LiveProgress | undefined {
  const progress = finite(params.progress);
  if (progress === undefined) return undefined;
  const total = finite(params.total);
  const message = typeof params.message === 'string' ? params.message : undefined;
  const head = total === undefined ? `${progress}` : `${progress} of ${total}`;
  const out: LiveProgress = { progress, text: message ? `${head}: ${message}` : head };
  if (total !== undefined) out.total = total;
  if (message !== undefined) out.message = message;
  return out;
}

/**
 * What the SSE events of a leg in flight say so far: the latest progress and every log message. Everything comes from
 * the server, so it is only read as data (never trusted to be well-formed): a malformed notification is skipped.
 */
export function liveView(events: readonly SseEventRecord[]): LiveView {
  const view: LiveView = { logs: [], eventCount: events.length };
  for (const ev of events) {
    const msg = parse(ev.data);
    if (!msg || !isJsonObject(msg.params)) continue;
    if (msg.method === 'notifications/progress') {
      const p = progressOf(msg.params);
      if (p) view.progress = p;
    } else if (msg.method === 'notifications/message') {
      const level = typeof msg.params.level === 'string' ? msg.params.level : 'unknown';
      const log: LiveLog = { at: ev.at, level, text: asText(msg.params.data) };
      if (typeof msg.params.logger === 'string') log.logger = msg.params.logger;
      view.logs.push(log);
    }
  }
  return view;
}
