/**
 * One local stdio MCP server, started from the command line (never from the page), spoken to over the stdio
 * transport (one JSON-RPC message per line) and offered to the relay as an HTTP endpoint: `handle(Request)` takes the
 * page's POST, sends the message on stdin under an id of its own (so two legs with the same JSON-RPC id cannot cross)
 * and answers with the matching response as `application/json`. Its stderr is kept (last 256 KiB) for the page.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface StdioBridgeOptions {
  argv: readonly string[];
  /** how long a request may wait for its response (default 60 s, the relay's own limit) */
  timeoutMs?: number;
  /** largest stderr kept, in characters (default 256 KiB); older text is dropped */
  maxStderr?: number;
}

export interface StdioStatus {
  command: string;
  running: boolean;
  exitCode?: number | null;
  signal?: string | null;
  stderr: string;
  /** characters dropped from the start of stderr to keep it under the cap */
  droppedChars: number;
}

export interface StdioBridge {
  handle(request: Request): Promise<Response>;
  status(): StdioStatus;
  close(): Promise<void>;
}

type Pending = { id: unknown; resolve: (message: Record<string, unknown>) => void };

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
  let exit: { code: number | null; signal: string | null } | undefined;
  const label = opts.argv.join(' ');

  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
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
      waiting.resolve({ ...m, id: waiting.id });
    } else if ('method' in m && 'id' in m) {
      // a server-to-client request: this bridge has no session to answer it in
      child.stdin.write(
        `${JSON.stringify({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'Not supported by the inspector bridge' } })}\n`,
      );
    }
  });
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      stderr += `[inspector] the stdio server exited (${signal ? `signal ${signal}` : `code ${code}`})\n`;
      for (const [key, p] of pending) {
        pending.delete(key);
        p.resolve({
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
      if (request.method !== 'POST') return rpcError(405, null, -32000, 'Method not allowed: POST only');
      let message: unknown;
      try {
        message = JSON.parse(await request.text());
      } catch {
        return rpcError(400, null, -32700, 'Parse error: the body is not JSON');
      }
      if (typeof message !== 'object' || message === null || Array.isArray(message)) {
        return rpcError(400, null, -32600, 'Invalid Request: one JSON-RPC object per POST');
      }
      const m = message as Record<string, unknown>;
      if (exit) return rpcError(502, m.id, -32000, `The stdio server is not running (${label}).`);
      if (!('id' in m)) {
        child.stdin.write(`${JSON.stringify(m)}\n`);
        return new Response(null, { status: 202 });
      }
      const key = `bridge-${nextId++}`;
      const answer = new Promise<Record<string, unknown>>((resolve) => pending.set(key, { id: m.id, resolve }));
      child.stdin.write(`${JSON.stringify({ ...m, id: key })}\n`);
      let expire: (value: undefined) => void = () => {};
      const timeout = new Promise<undefined>((resolve) => (expire = resolve));
      const timer = setTimeout(() => expire(undefined), timeoutMs);
      const response = await Promise.race([answer, timeout]);
      clearTimeout(timer);
      if (!response) {
        pending.delete(key);
        return rpcError(504, m.id, -32001, `The stdio server did not answer within ${timeoutMs} ms.`);
      }
      return new Response(JSON.stringify(response), { status: 200, headers: { 'content-type': 'application/json' } });
    },
    status: () => ({
      command: label,
      running: !exit,
      ...(exit ? { exitCode: exit.code, signal: exit.signal } : {}),
      stderr,
      droppedChars,
    }),
    async close() {
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
