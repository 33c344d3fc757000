/**
 * One local stdio MCP server, started from the command line (never from the page), spoken to over the stdio
 * transport (one JSON-RPC message per line) and offered to the relay as an HTTP endpoint: `handle(Request)` takes the
 * page's POST, sends the message on stdin under an id of its own (so two legs with the same JSON-RPC id cannot cross)
 * and answers with the matching response: `application/json`, or an SSE stream when the server wrote notifications
 * (progress, logging) while the request ran (stdio-leg.ts). Its stderr and its last notifications are kept for the page.
 *
 * What the server pushes outside the page's requests travels as on a 2025-11-25 streamable HTTP session: the page's
 * `GET` opens the session stream (session-stream.ts), which carries the server's requests (elicitation, sampling,
 * roots, ping: stdio cannot say which request they relate to) and the notifications no request in flight carried; the
 * page answers a server request by POSTing the JSON-RPC response, which goes to the server's stdin as written (202).
 * `DELETE` is refused (405): the process belongs to the command line, not to the page.
 */
import type { TimedLogLine } from '../../protocol/server-log-reason.ts';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { StdioNotification, StdioStatus } from '../../protocol/stdio-log.ts';
import { createSessionStream } from './session-stream.ts';
import { createStdioLeg, progressTokenOf, relatedLegs, type RpcMessage, type StdioLeg } from './stdio-leg.ts';
import { isJsonObject } from '../../protocol/types.ts';

/** How many timed stderr lines are kept for the page. */
const TIMED_LINES = 200;

export interface StdioBridgeOptions {
  argv: readonly string[];
  /** how long a request may wait for its response (default 60 s, the relay's own limit) */
  timeoutMs?: number;
  /** largest stderr kept, in characters (default 256 KiB); older text is dropped */
  maxStderr?: number;
}

const MAX_NOTIFICATIONS = 200;

export interface StdioBridge {
  handle(request: Request): Promise<Response>;
  status(): StdioStatus;
  close(): Promise<void>;
}

type Pending = { id: unknown; leg: StdioLeg };

function rpcError(status: number, id: unknown, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', id: id ?? null, error: { code, message } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function startStdioBridge(opts: StdioBridgeOptions): Promise<StdioBridge> {
  const [command, ...args] = opts.argv;
  if (!command) throw new Error('no stdio command');
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const maxStderr = opts.maxStderr ?? 256 * 1024;
  const child: ChildProcessWithoutNullStreams = spawn(command, args, { stdio: 'pipe', shell: false });
  const pending = new Map<string, Pending>();
  let nextId = 1;
  let stderr = '';
  let droppedChars = 0;
  const notifications: StdioNotification[] = [];
  let exit: { code: number | null; signal: string | null } | undefined;
  const label = opts.argv.join(' ');
  const session = createSessionStream();

  // the last whole lines, each with when it came: a refusal's reason is matched by time (server-log-reason.ts)
  const lines: TimedLogLine[] = [];
  let partial = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    const split = (partial + chunk).split('\n');
    partial = split.pop() ?? '';
    const at = Date.now();
    for (const line of split) lines.push({ at, line: line.replace(/\r$/, '') });
    if (lines.length > TIMED_LINES) lines.splice(0, lines.length - TIMED_LINES);
    stderr += chunk;
    if (stderr.length > maxStderr) {
      droppedChars += stderr.length - maxStderr;
      stderr = stderr.slice(stderr.length - maxStderr);
    }
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      stderr += `[inspector] the server wrote a line on stdout that is not JSON: ${line.slice(0, 200)}\n`;
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const m = message as Record<string, unknown>;
    const key = typeof m.id === 'string' ? m.id : undefined;
    const waiting = key ? pending.get(key) : undefined;
    if (waiting && ('result' in m || 'error' in m)) {
      pending.delete(key!);
      waiting.leg.finish({ ...m, id: waiting.id });
    } else if (typeof m.method === 'string' && !('id' in m)) {
      const legs = relatedLegs(
        m as RpcMessage,
        [...pending.values()].map((p) => p.leg),
      );
      for (const leg of legs) leg.notify(m as RpcMessage);
      // no request in flight to carry it: the session stream does (list_changed, a log line between calls)
      if (legs.length === 0) session.push(m as RpcMessage);
      notifications.push({ at: Date.now(), method: m.method, message: line.slice(0, 4096), delivered: legs.length });
      if (notifications.length > MAX_NOTIFICATIONS) notifications.shift();
    } else if (typeof m.method === 'string' && (typeof m.id === 'string' || typeof m.id === 'number')) {
      // a server-to-client request: the page answers it from the session stream, with the server's own id
      session.push(m as RpcMessage);
    }
  });
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      stderr += `[inspector] the stdio server exited (${signal ? `signal ${signal}` : `code ${code}`})\n`;
      session.close();
      for (const [key, p] of pending) {
        pending.delete(key);
        p.leg.finish({
          jsonrpc: '2.0',
          id: p.id,
          error: { code: -32000, message: 'The stdio server exited before answering.' },
        });
      }
      resolve();
    });
  });

  const bridge: StdioBridge = {
    async handle(request) {
      if (request.method === 'GET') {
        if (!(request.headers.get('accept') ?? '').toLowerCase().includes('text/event-stream')) {
          return rpcError(406, null, -32000, 'Not Acceptable: the session stream is text/event-stream');
        }
        if (exit) return rpcError(502, null, -32000, `The stdio server is not running (${label}).`);
        return session.open();
      }
      if (request.method === 'DELETE') {
        return rpcError(
          405,
          null,
          -32000,
          'Method not allowed: the stdio server is started and ended by the command line',
        );
      }
      if (request.method !== 'POST') return rpcError(405, null, -32000, 'Method not allowed: POST, GET or DELETE');
      let message: unknown;
      try {
        message = JSON.parse(await request.text());
      } catch {
        return rpcError(400, null, -32700, 'Parse error: the body is not JSON');
      }
      if (!isJsonObject(message)) {
        return rpcError(400, null, -32600, 'Invalid Request: one JSON-RPC object per POST');
      }
      const m = message as Record<string, unknown>;
      if (exit) return rpcError(502, m.id, -32000, `The stdio server is not running (${label}).`);
      // a notification, or the page's response to a request the server pushed: to stdin as written, acknowledged
      const isResponse = 'id' in m && !('method' in m) && ('result' in m || 'error' in m);
      if (!('id' in m) || isResponse) {
        child.stdin.write(`${JSON.stringify(m)}\n`);
        return new Response(null, { status: 202 });
      }
      const key = `bridge-${nextId++}`;
      const leg = createStdioLeg(progressTokenOf(m));
      pending.set(key, { id: m.id, leg });
      child.stdin.write(`${JSON.stringify({ ...m, id: key })}\n`);
      const sse = (request.headers.get('accept') ?? '').toLowerCase().includes('text/event-stream');
      return leg.answer({
        sse,
        timeoutMs,
        onTimeout: () => {
          pending.delete(key);
          return {
            jsonrpc: '2.0',
            id: m.id ?? null,
            error: { code: -32001, message: `The stdio server did not answer within ${timeoutMs} ms.` },
          };
        },
        onCancel: () => {
          // the page closed the stream: cancel the request on the server, as closing an HTTP stream would
          pending.delete(key);
          if (!exit) {
            child.stdin.write(
              `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: key } })}\n`,
            );
          }
        },
      });
    },
    status: () => ({
      command: label,
      running: !exit,
      ...(exit ? { exitCode: exit.code, signal: exit.signal } : {}),
      stderr,
      droppedChars,
      lines: [...lines],
      notifications: [...notifications],
    }),
    async close() {
      session.close();
      if (!exit) {
        child.stdin.end();
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 2000);
        force.unref();
        await exited;
        clearTimeout(force);
      }
    },
  };
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(bridge));
    child.once('error', (err) => reject(new Error(`could not start the stdio server "${label}": ${err.message}`)));
  });
}
