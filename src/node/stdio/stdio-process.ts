/**
 * The stdio server's process as the bridge needs it: started from an argv (no shell), its stdout read as lines
 * (stdio-lines.ts, capped), its stderr kept (capped, the oldest text dropped) with the bridge's own notes beside it
 * (`[inspector] …`), and its lifecycle:
 *
 * - it is gone for the bridge when all its stdio has closed (`'close'`), not at `'exit'`: a response written just before
 *   the exit is still in the pipe then, and readers must see it first;
 * - a write to a stdin the server closed fails with EPIPE on the stream: that is caught (the inspector runs every
 *   bridge, relay and proxy in one process) and ends the bridge the same way, since nothing can be sent any more;
 * - shutdown (stdio.mdx §Shutdown) closes stdin, waits `shutdownGraceMs` for the server to exit, then SIGTERM, then
 *   SIGKILL.
 */
import type { TimedLogLine } from '../../protocol/server-log-reason.ts';
import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { createLineSplitter } from './stdio-lines.ts';

/** The server's process as this module uses it: a local child, or one a tap launched and relays (tap-fresh.ts). */
export interface StdioChild {
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly stderr: Readable;
  on(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): this;
  on(event: 'close', listener: () => void): this;
  on(event: 'error', listener: (err: Error) => void): this;
  once(event: 'spawn', listener: () => void): this;
  once(event: 'error', listener: (err: Error) => void): this;
  kill(signal: NodeJS.Signals): boolean;
}

export interface StdioProcessOptions {
  argv: readonly string[];
  /** starts the process elsewhere than here (default: `argv` spawned in this process, no shell) */
  start?: () => StdioChild;
  /** largest stderr kept, in characters; older text is dropped */
  maxStderr: number;
  /** longest stdout line read, in bytes */
  maxLineBytes: number;
  /** how long shutdown waits after closing stdin before signals */
  shutdownGraceMs: number;
  onLine: (line: string) => void;
  onLineTooLong: (head: string, bytes: number) => void;
  /** nothing more can be sent or received: the server ended its stdio, or its stdin refused a write */
  onGone: (why: 'exited' | 'stdin_closed') => void;
}

export interface StdioProcess {
  /** writes one message as one line; false when nothing can be written any more */
  send(message: unknown): boolean;
  /** adds an `[inspector] …` line to the stderr the page reads */
  note(text: string): void;
  /** false once the server exited or closed its stdin */
  readonly running: boolean;
  /** the server closed its stdin (a write failed), whether or not it still runs */
  readonly stdinClosed: boolean;
  readonly exit: { code: number | null; signal: string | null } | undefined;
  readonly stderr: string;
  readonly droppedChars: number;
  /** the last whole lines of the server's stderr, each with when it came (a refusal's reason is matched by time) */
  readonly lines: readonly TimedLogLine[];
  stop(): Promise<void>;
}

const KILL_AFTER_TERM_MS = 2000;
/** How many timed stderr lines are kept for the page. */
const TIMED_LINES = 200;

export function spawnStdioProcess(opts: StdioProcessOptions): Promise<StdioProcess> {
  const [command, ...args] = opts.argv;
  if (!command) throw new Error('no stdio command');
  const label = opts.argv.join(' ');
  const child: StdioChild = opts.start?.() ?? spawn(command, args, { stdio: 'pipe', shell: false });
  let stderr = '';
  let droppedChars = 0;
  let exit: StdioProcess['exit'];
  let writable = true;
  let gone = false;
  let stdinClosed = false;

  const keep = (text: string) => {
    stderr += text;
    if (stderr.length > opts.maxStderr) {
      droppedChars += stderr.length - opts.maxStderr;
      stderr = stderr.slice(stderr.length - opts.maxStderr);
    }
  };
  const note = (text: string) => keep(`[inspector] ${text}\n`);
  const goneFor = (why: 'exited' | 'stdin_closed') => {
    writable = false;
    if (gone) return;
    gone = true;
    opts.onGone(why);
  };

  // the last whole lines, each with when it came (server-log-reason.ts matches a refusal's reason by time)
  const timed: TimedLogLine[] = [];
  let partial = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    keep(chunk);
    const split = (partial + chunk).split('\n');
    partial = split.pop() ?? '';
    const at = Date.now();
    for (const line of split) timed.push({ at, line: line.replace(/\r$/, '') });
    if (timed.length > TIMED_LINES) timed.splice(0, timed.length - TIMED_LINES);
  });
  const lines = createLineSplitter({
    maxLineBytes: opts.maxLineBytes,
    onLine: opts.onLine,
    onTooLong: opts.onLineTooLong,
  });
  child.stdout.on('data', (chunk: Buffer) => lines.push(chunk));
  child.stdout.on('end', () => lines.end());
  child.stdout.on('error', (err) => note(`reading the stdio server's stdout failed: ${err.message}`));
  child.stdin.on('error', (err: NodeJS.ErrnoException) => {
    if (gone) return;
    stdinClosed = true;
    note(
      `could not write to the stdio server's stdin (${err.code ?? err.message}): it closed its input, so the bridge ` +
        'can send it nothing more; restart mrtr-inspector to start it again',
    );
    goneFor('stdin_closed');
  });
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      writable = false;
      note(`the stdio server exited (${signal ? `signal ${signal}` : `code ${code}`})`);
      resolve();
    });
  });
  child.on('close', () => goneFor('exited'));
  child.on('error', (err) => note(`the stdio server's process: ${err.message}`));

  const proc: StdioProcess = {
    send(message) {
      if (!writable || child.stdin.destroyed) return false;
      child.stdin.write(`${JSON.stringify(message)}\n`);
      return true;
    },
    note,
    get running() {
      return writable && !exit;
    },
    get stdinClosed() {
      return stdinClosed;
    },
    get exit() {
      return exit;
    },
    get stderr() {
      return stderr;
    },
    get droppedChars() {
      return droppedChars;
    },
    get lines() {
      return timed;
    },
    async stop() {
      if (exit) return;
      writable = false;
      child.stdin.end();
      const waitExit = (ms: number) =>
        new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), ms);
          void exited.then(() => {
            clearTimeout(timer);
            resolve(true);
          });
        });
      if (await waitExit(opts.shutdownGraceMs)) return;
      note(`the stdio server did not exit within ${opts.shutdownGraceMs} ms of its stdin closing: SIGTERM`);
      child.kill('SIGTERM');
      if (await waitExit(KILL_AFTER_TERM_MS)) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(proc));
    child.once('error', (err) => reject(new Error(`could not start the stdio server "${label}": ${err.message}`)));
  });
}
