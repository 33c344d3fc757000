/**
 * One local stdio MCP server, started from the command line (never from the page), spoken to over the stdio
 * transport (one JSON-RPC message per line) and offered to the relay as an HTTP endpoint: `handle(Request)` takes the
 * page's POST, sends the message on stdin under an id of its own, `bridge-N` (so two legs with the same JSON-RPC id
 * cannot cross), and answers with the matching response under the page's id: `application/json`, or an SSE stream
 * when the server wrote notifications (progress, logging, a subscription's) while the request ran (stdio-leg.ts,
 * stdio-routing.ts). Its stderr and its last notifications are kept for the page (stdio-process.ts).
 *
 * The bridge is the stdio client, so it keeps the client's duties (2026-07-28 stdio.mdx, cancellation.mdx): a request
 * the page gives up on (it aborts, or closes the stream) or that the bridge stops waiting for (its timeout) gets
 * `notifications/cancelled` naming `bridge-N`, and the page's own `notifications/cancelled` is sent under the
 * `bridge-N` of the request it names, or not at all when that request is no longer in flight. A
 * `subscriptions/listen` never times out in the bridge. `server/discover` waits only `discoverTimeoutMs`: a legacy
 * server may ignore it, and no answer within a reasonable time means legacy (stdio.mdx §Backward Compatibility).
 *
 * What the server pushes outside the page's requests travels as on a 2025-11-25 streamable HTTP session: the page's
 * `GET` opens the session stream (session-stream.ts), which carries the server's requests (elicitation, sampling,
 * roots, ping: stdio cannot say which request they relate to) and the notifications no request in flight carried; the
 * page answers a server request by POSTing the JSON-RPC response, which goes to the server's stdin as written (202).
 * `DELETE` is refused (405): the process belongs to the command line, not to the page.
 *
 * Every error the bridge makes itself is code -1 with `data.source: "mrtr-inspector"` (bridge-errors.ts).
 */
import { DISCOVER_UNANSWERED } from '../../protocol/era.ts';
import type { StdioNotification, StdioStatus } from '../../protocol/stdio-log.ts';
import { isJsonObject } from '../../protocol/types.ts';
import { bridgeError, bridgeErrorResponse } from './bridge-errors.ts';
import { createSessionStream } from './session-stream.ts';
import { createStdioLeg, type RpcMessage, type StdioLeg } from './stdio-leg.ts';
import { spawnStdioProcess, type StdioChild } from './stdio-process.ts';
import { describeId, progressTokenOf, relatedLegs, subscriptionIdOf, withSubscriptionId } from './stdio-routing.ts';

export interface StdioBridgeOptions {
  argv: readonly string[];
  /** starts the server elsewhere (a tap's fresh instance); default: `argv` spawned here */
  start?: () => StdioChild;
  /** how long a request may wait for its response (default 60 s, the relay's own limit); a listen never times out */
  timeoutMs?: number;
  /** how long `server/discover` waits before the server counts as one that ignores it (default 10 s) */
  discoverTimeoutMs?: number;
  /** how long shutdown waits for the server to exit after closing its stdin, before SIGTERM (default 2 s) */
  shutdownGraceMs?: number;
  /** longest line read from the server's stdout, in bytes (default 64 MiB, the relay's response cap) */
  maxLineBytes?: number;
  /** largest stderr kept, in characters (default 256 KiB); older text is dropped */
  maxStderr?: number;
}

const MAX_NOTIFICATIONS = 200;

export interface StdioBridge {
  handle(request: Request): Promise<Response>;
  status(): StdioStatus;
  close(): Promise<void>;
}

/** A request of the page's on its way: the id the server knows (`key`) and the page's. */
interface InFlight {
  key: string;
  pageId: unknown;
  method: string;
  leg: StdioLeg;
  /** the last response the server wrote under an id the bridge cannot match, while this request waited */
  unmatched?: string;
}

const cancelled = (requestId: string, reason: string): RpcMessage => ({
  jsonrpc: '2.0',
  method: 'notifications/cancelled',
  params: { requestId, reason },
});

export async function startStdioBridge(opts: StdioBridgeOptions): Promise<StdioBridge> {
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const discoverTimeoutMs = opts.discoverTimeoutMs ?? 10_000;
  const maxLineBytes = opts.maxLineBytes ?? 64 * 1024 * 1024;
  const label = opts.argv.join(' ');
  const inFlight = new Map<string, InFlight>();
  const notifications: StdioNotification[] = [];
  const session = createSessionStream();
  /** page id -> the bridge id it was cancelled as (a 2025-11-25 page aborts, then sends its own cancel) */
  const cancelledIds = new Map<unknown, string>();
  let nextId = 1;

  const record = (method: string, line: string, delivered: number) => {
    notifications.push({ at: Date.now(), method, message: line.slice(0, 4096), delivered });
    if (notifications.length > MAX_NOTIFICATIONS) notifications.shift();
  };

  /** Ends `entry` for the page with `message` (under the page's id) and forgets it. */
  const settle = (entry: InFlight, message: RpcMessage, status = 200) => {
    inFlight.delete(entry.key);
    entry.leg.finish({ ...message, id: entry.pageId ?? null }, status);
  };

  /** Tells the server to stop `entry` (once; only while it is in flight) and ends it for the page. */
  const cancel = (entry: InFlight, reason: string, params: RpcMessage = {}) => {
    if (inFlight.get(entry.key) !== entry) return;
    cancelledIds.set(entry.pageId, entry.key);
    if (cancelledIds.size > 100) cancelledIds.delete(cancelledIds.keys().next().value);
    const sent = proc.send({ ...cancelled(entry.key, reason), params: { reason, ...params, requestId: entry.key } });
    settle(
      entry,
      bridgeError(
        entry.pageId,
        'cancelled',
        `Cancelled (${reason})${sent ? `: the server was sent notifications/cancelled for ${entry.key}` : ''}`,
      ),
    );
  };

  const onResponse = (m: RpcMessage) => {
    const entry = typeof m.id === 'string' ? inFlight.get(m.id) : undefined;
    if (entry) {
      settle(entry, entry.leg.subscriptionId ? withSubscriptionId(m, entry.pageId) : m);
      return;
    }
    const named =
      typeof m.id === 'string' && m.id.startsWith('bridge-')
        ? `the server answered ${m.id}, which the bridge no longer waits for (cancelled or timed out)`
        : `the server answered id ${describeId(m.id)}, which the bridge never sent (its ids are strings "bridge-N")`;
    proc.note(named);
    for (const e of inFlight.values()) e.unmatched = named;
  };

  const onNotification = (m: RpcMessage, line: string) => {
    const method = String(m.method);
    const params = (isJsonObject(m.params) ? m.params : {}) as RpcMessage;
    if (method === 'notifications/cancelled') {
      // a server ends a subscription this way (and for nothing else): the page hears it under its own id
      const entry = typeof params.requestId === 'string' ? inFlight.get(params.requestId) : undefined;
      if (entry?.leg.subscriptionId) {
        inFlight.delete(entry.key);
        entry.leg.notify({ ...m, params: { ...params, requestId: entry.pageId } });
        entry.leg.end(
          bridgeError(entry.pageId, 'subscription_ended', 'The stdio server ended the subscription without a response'),
        );
      }
      record(method, line, entry?.leg.subscriptionId ? 1 : 0);
      return;
    }
    const entries = [...inFlight.values()];
    const legs = relatedLegs(
      m,
      entries.map((e) => e.leg),
    );
    for (const e of entries) {
      if (legs.includes(e.leg)) e.leg.notify(e.leg.subscriptionId ? withSubscriptionId(m, e.pageId) : m);
    }
    // no request in flight to carry it: the session stream does (list_changed, a log line between calls); a
    // subscription's notification whose listen is gone goes nowhere
    if (legs.length === 0 && subscriptionIdOf(m) === undefined) session.push(m);
    record(method, line, legs.length);
  };

  const onMessage = (message: unknown, line: string) => {
    if (!isJsonObject(message)) return;
    const m = message as RpcMessage;
    if (typeof m.method !== 'string' && ('result' in m || 'error' in m)) onResponse(m);
    else if (typeof m.method === 'string' && !('id' in m)) onNotification(m, line);
    else if (typeof m.method === 'string' && (typeof m.id === 'string' || typeof m.id === 'number')) {
      // a server-to-client request: the page answers it from the session stream, with the server's own id
      session.push(m);
    }
  };

  const proc = await spawnStdioProcess({
    argv: opts.argv,
    ...(opts.start ? { start: opts.start } : {}),
    maxStderr: opts.maxStderr ?? 256 * 1024,
    maxLineBytes,
    shutdownGraceMs: opts.shutdownGraceMs ?? 2000,
    onLine: (line) => {
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        proc.note(`the server wrote a line on stdout that is not JSON: ${line.slice(0, 200)}`);
        return;
      }
      if (Array.isArray(message)) {
        proc.note(
          `the server wrote a JSON-RPC batch of ${message.length} messages on one line (stdio carries one message ` +
            'per line, and batches ended with 2025-06-18): each is taken on its own',
        );
        for (const one of message) onMessage(one, JSON.stringify(one));
        return;
      }
      onMessage(message, line);
    },
    onLineTooLong: (head, bytes) => {
      // which request it answered, when its id comes before the cut (a server writes `{"jsonrpc":"2.0","id":…` first)
      const entry = inFlight.get(/"id"\s*:\s*"(bridge-\d+)"/.exec(head)?.[1] ?? '');
      proc.note(
        `the server wrote a line of ${bytes} bytes on stdout, longer than ${maxLineBytes} bytes: dropped` +
          (entry ? ` (the answer to ${entry.key})` : `: ${head.slice(0, 120)}…`),
      );
      if (entry) {
        settle(
          entry,
          bridgeError(
            entry.pageId,
            'line_too_long',
            `The stdio server's answer was ${bytes} bytes on one line, over the bridge's limit of ${maxLineBytes} bytes`,
          ),
          502,
        );
      }
    },
    onGone: (why) => {
      session.close();
      for (const entry of [...inFlight.values()]) {
        settle(
          entry,
          why === 'stdin_closed'
            ? bridgeError(
                entry.pageId,
                'stdin_closed',
                'The stdio server closed its stdin: the request cannot reach it',
              )
            : bridgeError(entry.pageId, 'server_exited', 'The stdio server exited before answering'),
          502,
        );
      }
    },
  });

  const notRunning = (id: unknown) =>
    bridgeErrorResponse(502, id, 'not_running', `The stdio server is not running (${label})`);

  /** The page's `notifications/cancelled`: sent under the bridge id of each in-flight request it names. */
  const pageCancel = (m: RpcMessage): Response => {
    const params = (isJsonObject(m.params) ? m.params : {}) as RpcMessage;
    const named = [...inFlight.values()].filter((e) => e.pageId === params.requestId);
    const already = cancelledIds.get(params.requestId);
    // cancellation.mdx: a cancellation names only a request believed to be in progress
    if (named.length === 0 && already) {
      proc.note(
        `the page cancelled request ${describeId(params.requestId)}, which the bridge already cancelled as ${already}: ` +
          'not written again',
      );
    } else if (named.length === 0) {
      proc.note(
        `the page cancelled request ${describeId(params.requestId)}, which is not in flight here (answered or never ` +
          'sent): not written to the server',
      );
    }
    const reason = typeof params.reason === 'string' ? params.reason : 'cancelled by the page';
    for (const entry of named) cancel(entry, reason, params);
    return new Response(null, { status: 202 });
  };

  const request = (m: RpcMessage, req: Request): Promise<Response> => {
    const key = `bridge-${nextId++}`;
    const method = String(m.method);
    const listen = method === 'subscriptions/listen';
    const discover = method === 'server/discover';
    const leg = createStdioLeg({ progressToken: progressTokenOf(m), ...(listen ? { subscriptionId: key } : {}) });
    const entry: InFlight = { key, pageId: m.id, method, leg };
    inFlight.set(key, entry);
    proc.send({ ...m, id: key });
    // the page gave up (it aborted, or the relay's client went away): the server hears it
    if (req.signal.aborted) cancel(entry, 'the page stopped waiting');
    else req.signal.addEventListener('abort', () => cancel(entry, 'the page stopped waiting'), { once: true });
    const wait = listen ? undefined : discover ? discoverTimeoutMs : timeoutMs;
    return leg.answer({
      sse: (req.headers.get('accept') ?? '').toLowerCase().includes('text/event-stream'),
      timeoutMs: wait,
      onTimeout: () => {
        if (inFlight.get(key) === entry) {
          inFlight.delete(key);
          proc.send(cancelled(key, `no answer within ${wait} ms`));
        }
        const meanwhile = entry.unmatched ? `; meanwhile ${entry.unmatched} (see the stdio panel's stderr)` : '';
        return discover
          ? bridgeError(
              m.id,
              DISCOVER_UNANSWERED.reason,
              `The stdio server did not answer server/discover within ${wait} ms: a server that does not answer it ` +
                `is a legacy one (stdio transport, backward compatibility), so initialize comes next${meanwhile}`,
            )
          : bridgeError(m.id, 'timeout', `The stdio server did not answer ${key} within ${wait} ms${meanwhile}`);
      },
      onCancel: () => cancel(entry, 'the page closed the stream'),
    });
  };

  return {
    async handle(req) {
      if (req.method === 'GET') {
        if (!(req.headers.get('accept') ?? '').toLowerCase().includes('text/event-stream')) {
          return bridgeErrorResponse(
            406,
            null,
            'not_acceptable',
            'Not Acceptable: the session stream is text/event-stream',
          );
        }
        if (!proc.running) return notRunning(null);
        return session.open();
      }
      if (req.method === 'DELETE') {
        return bridgeErrorResponse(
          405,
          null,
          'method_not_allowed',
          'Method not allowed: the stdio server is started and ended by the command line',
        );
      }
      if (req.method !== 'POST') {
        return bridgeErrorResponse(405, null, 'method_not_allowed', 'Method not allowed: POST, GET or DELETE');
      }
      let message: unknown;
      try {
        message = JSON.parse(await req.text());
      } catch {
        return bridgeErrorResponse(400, null, 'parse_error', 'Parse error: the body is not JSON');
      }
      if (!isJsonObject(message)) {
        return bridgeErrorResponse(400, null, 'invalid_request', 'Invalid Request: one JSON-RPC object per POST');
      }
      const m = message as RpcMessage;
      if (!proc.running) return notRunning(m.id);
      if (m.method === 'notifications/cancelled' && !('id' in m)) return pageCancel(m);
      // a notification, or the page's response to a request the server pushed: to stdin as written, acknowledged
      const isResponse = 'id' in m && !('method' in m) && ('result' in m || 'error' in m);
      if (!('id' in m) || isResponse) {
        proc.send(m);
        return new Response(null, { status: 202 });
      }
      return request(m, req);
    },
    status: () => ({
      command: label,
      running: proc.running,
      ...(proc.stdinClosed ? { stdinClosed: true } : {}),
      ...(proc.exit ? { exitCode: proc.exit.code, signal: proc.exit.signal } : {}),
      stderr: proc.stderr,
      droppedChars: proc.droppedChars,
      lines: [...proc.lines],
      notifications: [...notifications],
    }),
    async close() {
      session.close();
      await proc.stop();
    },
  };
}
