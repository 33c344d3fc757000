/**
 * The one reader of an answer: what a server sent back (head and body) becomes the recorded response of a leg, with its
 * SSE events, the JSON-RPC message that answers the request, the notifications that came before it, and how long it
 * took. A leg the app sends (send-leg.ts) and a leg a watched client sent through the proxy or the tap
 * (leg-recorder.ts) are read by it alike, so the Timeline parses them the same way.
 */
import { createParser } from 'eventsource-parser';
import type { Exchange, LiveSseEvent, RecordedResponse, SseEventRecord } from '../protocol/exchange.ts';
import { RELAY_CUT_PREFIX } from '../protocol/relay-paths.ts';
import { afterFrame, nextTask } from './next-task.ts';
import { readBody, SLICE_BYTES, type ReadPacing } from './read-body.ts';
import { declaredLength } from './response-cap.ts';

export interface ReadAnswerOptions {
  /** what was sent, when, and whether through the relay: the recorded exchange begins with it */
  base: Exchange;
  /** clock of the leg (the same one `base.startedAt` was read from) */
  now: () => number;
  /** size cap of the body (undefined: none, the relay or the proxy applies its own) */
  cap: number | undefined;
  /** JSON-RPC id of the request, used to pick the response out of an SSE stream */
  rpcId?: string | number | undefined;
  /** each SSE event as it arrives, with its message when it parsed as one (so the page parses it once) */
  onEvent?: ((event: LiveSseEvent) => void) | undefined;
  /** a `notifications/progress` arrived: the server is working */
  onProgress?: () => void;
  /** resolves on a later task: where reading a large body gives the page its turn (injectable for tests) */
  nextTask?: (() => Promise<void>) | undefined;
  /** resolves after the page has drawn a frame: around a large body's heavy steps (injectable for tests) */
  nextFrame?: (() => Promise<void>) | undefined;
}

/** The answer as read, and what the caller decides a failure from. */
export interface ReadAnswer {
  exchange: Exchange;
  /** the body passed the cap: not read at all when its declared length did (`declared`), else cut there */
  overCap?: { declared?: number };
  /** the body stopped with this error before it ended */
  bodyError?: string;
  /** the relay's last word on an SSE stream it cut (`: relay cut the stream: <why>`) */
  relayCut?: string;
}

/** Most ms of body work (decoding, SSE parsing, JSON.parse) in one task before the page gets its turn. */
const TASK_MS = 8;

/** Counts the body work done since the page last had its turn, and yields once it passes TASK_MS. */
function workClock(now: () => number, nextTask: () => Promise<void>, nextFrame: () => Promise<void>): ReadPacing {
  let spent = 0;
  return {
    /** runs `work`, counting its time */
    run<T>(work: () => T): T {
      const start = now();
      try {
        return work();
      } finally {
        spent += now() - start;
      }
    },
    /** a later task when this task has done enough */
    async breathe(): Promise<void> {
      if (spent < TASK_MS) return;
      spent = 0;
      await nextTask();
    },
    /** a task after the next frame, in any case: around each heavy step at the end of a large body */
    async frameBreak(): Promise<void> {
      spent = 0;
      await nextFrame();
    },
  };
}

function listHeaders(headers: Headers): RecordedResponse['headers'] {
  const out: RecordedResponse['headers'] = [];
  headers.forEach((value, name) => out.push([name, value]));
  return out;
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isProgress(message: unknown): boolean {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { method?: unknown }).method === 'notifications/progress'
  );
}

function isResponseFor(message: unknown, rpcId: string | number | undefined): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as Record<string, unknown>;
  if (!('result' in m) && !('error' in m)) return false;
  return rpcId === undefined || m.id === rpcId || m.id === null;
}

/** Why a body stopped: the relay's own reason when it cut an SSE stream, else the error (and the relay's caps). */
export function streamDropped(error: string, relayCut: string | undefined, viaRelay: boolean | undefined): string {
  if (relayCut) return `the ${relayCut}. The response up to that point is recorded.`;
  const relay = viaRelay
    ? ' (through the relay: it cuts a response past its size cap, 64 MiB unless RELAY_MAX_RESPONSE_BYTES says otherwise, or after its idle and total time limits)'
    : '';
  return `the connection dropped while reading the body: ${error}${relay}`;
}

/** Read `response` (its head just came) to its end, or to its cap, or until its body breaks. Never throws. */
export async function readAnswer(response: Response, o: ReadAnswerOptions): Promise<ReadAnswer> {
  const { now } = o;
  const startedAt = o.base.startedAt;
  const headersMs = now() - startedAt;
  const contentType = response.headers.get('content-type') ?? '';
  const isSse = contentType.toLowerCase().startsWith('text/event-stream');
  const sseEvents: SseEventRecord[] = [];
  // each event is parsed as it arrives (spread over the stream's chunks), not all at once when it ends: a 32 MB
  // stream parsed in one go at the end was one long frame
  let streamed: unknown;
  const notifications: unknown[] = [];
  let relayCut: string | undefined;
  const parser = isSse
    ? createParser({
        onEvent: (ev) => {
          const record: SseEventRecord = { data: ev.data, at: now() - startedAt };
          if (ev.event) record.event = ev.event;
          if (ev.id) record.id = ev.id;
          sseEvents.push(record);
          // only an event without an `event:` field, or `event: message`, carries a JSON-RPC message (HTML SSE:
          // the default type is "message"; 2026-07-28 basic/transports); other event types are recorded, never parsed
          let msg: unknown;
          if (ev.event === undefined || ev.event === 'message') {
            msg = tryParse(ev.data);
            if (isProgress(msg)) o.onProgress?.();
            if (isResponseFor(msg, o.rpcId)) streamed = msg;
            else if (msg !== undefined) notifications.push(msg);
          }
          o.onEvent?.(msg === undefined ? record : { ...record, message: msg });
        },
        onComment: (comment) => {
          if (comment.startsWith(RELAY_CUT_PREFIX)) relayCut = comment;
        },
      })
    : undefined;
  const clock = workClock(() => performance.now(), o.nextTask ?? nextTask, o.nextFrame ?? (() => afterFrame()));
  const cap = o.cap;
  const declared = declaredLength(response.headers);
  // a response declared over the cap is not read at all
  const unread = cap !== undefined && declared !== undefined && declared > cap;
  if (unread) await response.body?.cancel().catch(() => undefined);
  const body = unread
    ? { text: '', size: 0 }
    : await readBody(response, { cap, onText: (chunk) => parser?.feed(chunk), pacing: clock });
  const recorded: RecordedResponse = {
    status: response.status,
    statusText: response.statusText,
    headers: listHeaders(response.headers),
    contentType,
    body: body.text,
    size: body.size,
  };
  const exchange: Exchange = { ...o.base, response: recorded, headersMs, durationMs: now() - startedAt };
  const large = body.text.length >= SLICE_BYTES;
  if (isSse) {
    recorded.sseEvents = sseEvents;
    if (streamed !== undefined) exchange.message = streamed;
    if (notifications.length) exchange.notifications = notifications;
    if (exchange.message === undefined) recorded.truncated = true;
  } else if (body.text.length > 0 && !('overCap' in body)) {
    // Parsed whatever the content type says, so the leg inspector and the lint can show what the body held; whether
    // the leg counts as a response (application/json only) is decided by classifyExchange, not here.
    if (large) await clock.frameBreak();
    const msg = tryParse(body.text);
    if (msg !== undefined) exchange.message = msg;
  }
  // A large body's end is not one frame: joined, parsed (JSON) and handed over (where the store records and renders
  // it) each after a frame of their own
  if (large) await clock.frameBreak();
  const read: ReadAnswer = { exchange };
  if (unread) read.overCap = declared !== undefined ? { declared } : {};
  else if ('overCap' in body) read.overCap = {};
  if (body.error) read.bodyError = body.error;
  if (relayCut) read.relayCut = relayCut;
  return read;
}
