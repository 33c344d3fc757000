/**
 * `mrtr-inspector tap -- <command> [args...]`: a host launches this in place of its stdio server. The tap starts the
 * server with the same environment and working directory, carries the bytes between them unchanged and in order,
 * passes the server's stderr on, and reports a copy of every message and log line to the inspector (tap-link.ts),
 * which may hold a message until the user forwards or drops it. The tap's exit code and signal are the server's.
 * Node-only.
 */
import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { droppedError, rpcIdOf } from '../proxy/proxy-answers.ts';
import { FreshChildren, isFreshMessage } from './tap-fresh-children.ts';
import { lineText } from './tap-lines.ts';
import { TapLink } from './tap-link.ts';
import { Pump, type PumpDecision } from './tap-pump.ts';
import type { TapSide } from './tap-wire.ts';

export interface TapOptions {
  command: string;
  args: string[];
  /** the inspector's address (`http://127.0.0.1:6280` by default) */
  inspector: string;
  name?: string;
  stdin?: Readable;
  stdout?: Writable;
  stderr?: Writable;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** how long the server may run on after the host closed the tap's stdin (default 5 s) */
  hostGoneGraceMs?: number;
  retryMs?: number;
  now?: () => number;
  /** pass the signals a host sends (SIGINT, SIGTERM, SIGHUP) on to the server (the command line's tap does) */
  forwardSignals?: boolean;
}

export interface TapEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The signals a host sends its server, passed on to it (the tap ends when the server does). */
const FORWARDED_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** What the tap needs to know of a line: is it a JSON object, and what kind of JSON-RPC message. */
function messageKind(text: string): 'request' | 'notification' | 'response' | 'json' | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const m = JSON.parse(text) as Record<string, unknown>;
    if (typeof m.method === 'string') return m.id === undefined ? 'notification' : 'request';
    if (m.id !== undefined && ('result' in m || 'error' in m)) return 'response';
    return 'json';
  } catch {
    return undefined;
  }
}

/** How long a server may run on after its host closed the tap's stdin before the tap ends it. */
const HOST_GONE_GRACE_MS = 5_000;
const KILL_AFTER_TERM_MS = 2_000;

/** Run the tap until the server exits; resolves with how it ended. */
export function runTap(opts: TapOptions): Promise<TapEnd> {
  const stdin = opts.stdin ?? process.stdin;
  const stdout = opts.stdout ?? process.stdout;
  const stderr = opts.stderr ?? process.stderr;
  const now = opts.now ?? Date.now;
  const command = [opts.command, ...opts.args];
  /** the first request of the host's that named it, for an inspector that connects later */
  let introduced: string | undefined;
  const env = opts.env ?? process.env;
  const cwd = opts.cwd ?? process.cwd();
  // fresh instances the inspector asks for: this very command, environment and working directory, never another
  const fresh = new FreshChildren({ command: opts.command, args: opts.args, env, cwd }, (m) => link.send(m));
  const link = new TapLink({
    inspector: new URL(opts.inspector),
    hello: () => ({
      t: 'hello',
      command,
      ...(opts.name ? { name: opts.name } : {}),
      ...(introduced ? { introduced } : {}),
      fresh: true,
    }),
    fresh: (message) => {
      if (isFreshMessage(message)) fresh.told(message);
    },
    lost: () => fresh.closeAll(),
    say: (line) => stderr.write(`${line}\n`),
    ...(opts.env ? { env: opts.env } : {}),
    ...(opts.retryMs !== undefined ? { retryMs: opts.retryMs } : {}),
  });
  const child = spawn(opts.command, opts.args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    env,
    cwd,
  });

  const introduces = (from: TapSide, line: Buffer): void => {
    if (from !== 'host' || introduced !== undefined || !line.includes('clientInfo')) return;
    const text = lineText(line);
    if (messageKind(text) === 'request') introduced = text;
  };
  const report = (from: TapSide, line: Buffer): void => {
    introduces(from, line);
    if (link.watching) link.passed(from, now(), line);
  };
  const hold = (from: TapSide, line: Buffer): Promise<PumpDecision> | undefined => {
    const text = lineText(line);
    const kind = messageKind(text);
    const waits = from === 'host' ? kind !== undefined : kind === 'response';
    if (!waits || !link.connected) return undefined;
    introduces(from, line);
    return link.hold(from, now(), text);
  };

  let hostGone: NodeJS.Timeout | undefined;
  // the server's answers are written by the second pump; a dropped request's error goes the same way
  const toHost: { pump?: Pump } = {};
  new Pump({
    source: stdin,
    sink: child.stdin,
    holding: () => link.holds.requests,
    seen: (line) => report('host', line),
    hold: (line) => hold('host', line),
    dropped: (line) => {
      // a request dropped: the host waits for its answer, the inspector's error under its id
      const id = rpcIdOf(lineText(line));
      if (id !== undefined) toHost.pump?.inject(`${JSON.stringify(droppedError(id, 'request'))}\n`);
    },
    // the host closed its end: the server's stdin closes too, as the host's own shutdown would; a host that died
    // before its shutdown ended can never finish it, so after a grace period the tap ends the server as the stdio
    // transport's shutdown says (SIGTERM, then SIGKILL), instead of keeping it, and the inspector's channel, alive
    ended: () => {
      child.stdin.end();
      hostGone = setTimeout(() => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        hostGone = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_TERM_MS);
      }, opts.hostGoneGraceMs ?? HOST_GONE_GRACE_MS);
    },
  });
  toHost.pump = new Pump({
    source: child.stdout,
    sink: stdout,
    holding: () => link.holds.responses,
    seen: (line) => report('server', line),
    hold: (line) => hold('server', line),
    dropped: (line) => {
      const id = (JSON.parse(lineText(line)) as { id?: unknown }).id;
      if (typeof id === 'string' || typeof id === 'number')
        toHost.pump?.inject(`${JSON.stringify(droppedError(id, 'response'))}\n`);
    },
    ended: () => undefined,
  });
  // the server's log goes to the host as it came; each whole line is reported too
  let partialLog = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr.write(chunk);
    if (!link.watching) {
      partialLog = '';
      return;
    }
    const lines = (partialLog + chunk.toString('utf8')).split('\n');
    partialLog = lines.pop() ?? '';
    for (const line of lines) link.send({ t: 'stderr', at: now(), line: line.replace(/\r$/, '') });
  });
  // a host that is gone (its end of our stdin or stdout closed) is not a failure of the tap's own
  child.stdin.on('error', () => undefined);
  stdout.on('error', () => undefined);
  link.start();
  const pass = (signal: NodeJS.Signals): void => void child.kill(signal);
  if (opts.forwardSignals) for (const signal of FORWARDED_SIGNALS) process.on(signal, pass);
  const unhook = (): void => {
    for (const signal of FORWARDED_SIGNALS) process.off(signal, pass);
  };

  return new Promise<TapEnd>((resolve, reject) => {
    child.on('error', (error) => {
      unhook();
      fresh.closeAll();
      link.close();
      reject(error);
    });
    child.on('close', (code, signal) => {
      unhook();
      clearTimeout(hostGone);
      if (partialLog) link.send({ t: 'stderr', at: now(), line: partialLog });
      link.send({ t: 'exit', at: now(), code, signal });
      fresh.closeAll();
      link.close();
      resolve({ code, signal });
    });
  });
}
