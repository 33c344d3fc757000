import type { LiveSseEvent } from '../../protocol/exchange.ts';
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
interface LiveLog {
  /** ms since the request started */
  at: number;
  level: string;
  logger?: string;
  text: string;
}

export interface LiveView {
  progress?: LiveProgress;
  /** the latest `LIVE_LOG_LIMIT` log messages */
  logs: LiveLog[];
  /** every log message so far (more than `logs` holds once the limit is passed) */
  logCount: number;
  /** every SSE event so far (notifications, the response, anything unparseable) */
  eventCount: number;
}

/** Log messages the panel keeps while a leg is in flight: the latest ones (the recorded leg has them all). */
export const LIVE_LOG_LIMIT = 50;
/** Events longer than this are parsed only when their first characters name a progress or log notification. */
export const LIVE_PARSE_LIMIT = 1024 * 1024;

export const EMPTY_LIVE_VIEW: LiveView = { logs: [], logCount: 0, eventCount: 0 };

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

/** A notification worth parsing: any small event, and a large one only when its head names one we show. */
function worthParsing(data: string): boolean {
  if (data.length <= LIVE_PARSE_LIMIT) return true;
  const head = data.slice(0, 512);
  return head.includes('"notifications/progress"') || head.includes('"notifications/message"');
}

/** The event's message: the one the sender already parsed, else parsed here (a large event only when worth it). */
function messageOf(ev: LiveSseEvent): Record<string, unknown> | undefined {
  // only unnamed and `message` events carry JSON-RPC (as the recorded leg reads them)
  if (ev.event !== undefined && ev.event !== 'message') return undefined;
  if (ev.message !== undefined) return isJsonObject(ev.message) ? ev.message : undefined;
  return worthParsing(ev.data) ? parse(ev.data) : undefined;
}

/**
 * `view` with the events from index `from` on folded in: each event is parsed once, however often the panel renders
 * (parsing every event again for each new one made a stream of thousands of events quadratic), and not at all when
 * the sender passed the message it parsed. Everything comes from
 * the server, so it is only read as data (never trusted to be well-formed): a malformed notification is skipped, and
 * a multi-megabyte event that is not a notification (the response) is counted, not parsed.
 */
export function foldLive(view: LiveView, events: readonly LiveSseEvent[], from: number): LiveView {
  let progress = view.progress;
  const added: LiveLog[] = [];
  for (let i = from; i < events.length; i++) {
    const ev = events[i]!;
    const msg = messageOf(ev);
    if (!msg || !isJsonObject(msg.params)) continue;
    if (msg.method === 'notifications/progress') {
      progress = progressOf(msg.params) ?? progress;
    } else if (msg.method === 'notifications/message') {
      const level = typeof msg.params.level === 'string' ? msg.params.level : 'unknown';
      const log: LiveLog = { at: ev.at, level, text: asText(msg.params.data) };
      if (typeof msg.params.logger === 'string') log.logger = msg.params.logger;
      added.push(log);
    }
  }
  const logs = added.length === 0 ? view.logs : [...view.logs, ...added].slice(-LIVE_LOG_LIMIT);
  const next: LiveView = { logs, logCount: view.logCount + added.length, eventCount: events.length };
  if (progress) next.progress = progress;
  return next;
}
