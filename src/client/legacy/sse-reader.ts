/**
 * Reads a 2025-11-25 SSE response incrementally: every event is recorded (id, data, arrival time), every JSON-RPC
 * message it carries is handed to `onMessage` as soon as it arrives (a pushed request must be answered while the
 * stream is still open), and the last event id and `retry` hint are kept for resumption. When `onMessage` returns
 * true the reading stops and the stream is cancelled (a resumed GET stream stays open after the awaited response).
 */
import { createParser } from 'eventsource-parser';
import type { SseEventRecord } from '../../protocol/exchange.ts';
import { readBody } from '../read-body.ts';

export interface SseReadResult {
  events: SseEventRecord[];
  /** raw text as received */
  text: string;
  size: number;
  lastEventId?: string;
  /** the server's `retry` hint in ms, if any */
  retryMs?: number;
  /** set when the connection dropped (not when it ended normally or was aborted on purpose) */
  error?: string;
  /** set when the stream grew past the size cap given, and was closed there */
  overCap?: true;
}

export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function readSse(
  response: Response,
  startedAt: number,
  now: () => number,
  onMessage: (message: unknown, event: SseEventRecord) => boolean | void,
  /** bytes read at most; past them the stream is closed (the events up to there are kept) */
  cap?: number,
): Promise<SseReadResult> {
  const out: SseReadResult = { events: [], text: '', size: 0 };
  let stop = false;
  const parser = createParser({
    onEvent: (ev) => {
      const record: SseEventRecord = { data: ev.data, at: now() - startedAt };
      if (ev.event) record.event = ev.event;
      if (ev.id) {
        record.id = ev.id;
        out.lastEventId = ev.id;
      }
      out.events.push(record);
      const message = ev.data.trim() === '' ? undefined : tryParseJson(ev.data);
      if (message !== undefined && onMessage(message, record) === true) stop = true;
    },
    onRetry: (ms) => {
      out.retryMs = ms;
    },
  });
  const body = await readBody(response, { cap, onText: (text) => parser.feed(text), stop: () => stop });
  out.text = body.text;
  out.size = body.size;
  if (body.overCap) out.overCap = true;
  if (body.error !== undefined) out.error = body.error;
  return out;
}
