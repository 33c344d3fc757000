/**
 * The tap's side of its channel to the inspector: connect (with the secret the inspector wrote for the user), say
 * what the tap launched, report each message and log line, and learn the hold settings and the user's decisions.
 * It never stands in the traffic's way: with no inspector (none running, a wrong secret, gone mid-way, restarted)
 * nothing is reported, nothing is held, what waited goes on unchanged, and it tries again every second. Node-only.
 */
import { request } from 'node:http';
import type { Socket } from 'node:net';
import { lineText } from './tap-lines.ts';
import { readTapToken } from './tap-token.ts';
import {
  TAP_CONNECT_PATH,
  TAP_TOKEN_HEADER,
  TAP_UPGRADE,
  type HubToTap,
  type TapSide,
  type TapToHub,
} from './tap-wire.ts';
import type { PumpDecision } from './tap-pump.ts';

export interface TapLinkOptions {
  /** the inspector's address, `http://127.0.0.1:<port>` */
  inspector: URL;
  /** what the tap says first on each connection */
  hello: () => Extract<TapToHub, { t: 'hello' }>;
  /** a line for the tap's own stderr (the host's log of this server) */
  say: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  retryMs?: number;
  /** the hub's requests about fresh instances of the server (tap-fresh-children.ts) */
  fresh?: (message: Extract<HubToTap, { t: `fresh-${string}` }>) => void;
  /** the channel closed (what was started for that inspector ends with it) */
  lost?: () => void;
}

/** Reports waiting to be written to the hub past this many bytes are dropped: a slow page never slows the traffic. */
const MAX_BACKLOG = 64 * 1024 * 1024;
/** Reports kept while the channel is being opened, at most about this many characters. */
const MAX_EARLY = 16 * 1024 * 1024;
/** Reports wait this long to go out together, so writing them never sits between a message and its answer. */
const REPORT_DELAY_MS = 20;

/**
 * The one place the tap puts work off: the reports made meanwhile are written together `REPORT_DELAY_MS` after the
 * first of them, in one write, while the traffic they copy has gone on (a round trip through the tap pays for no
 * report, and the inspector is woken once per batch rather than once per message).
 */
function afterTraffic(write: () => void): NodeJS.Timeout {
  return setTimeout(write, REPORT_DELAY_MS).unref();
}

/** A message that went on unheld, kept as the bytes that carried it until its batch is written. */
interface Passed {
  from: TapSide;
  at: number;
  line: Buffer;
}

/** A passed message's report, as `JSON.stringify` of `{ t: 'msg', from, at, line }` writes it (its text decoded now). */
function passedReport({ from, at, line }: Passed): string {
  return `{"t":"msg","from":"${from}","at":${at},"line":${JSON.stringify(lineText(line))}}\n`;
}

export class TapLink {
  holds = { requests: false, responses: false };
  private socket: Socket | undefined;
  private readonly waiting = new Map<number, (decision: PumpDecision) => void>();
  private nextHold = 1;
  private saidUnwatched = false;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** reports waiting for their batch to be written: serialised ones, and passed messages still as their bytes */
  private batch: (string | Passed)[] = [];
  private batchChars = 0;
  private flushTimer: NodeJS.Timeout | undefined;
  /**
   * reports made while a connection is being tried (a host writes its first messages the moment it launches the
   * tap, before the channel is up): told once it is, dropped if it fails
   */
  private early: { messages: string[]; bytes: number } | undefined;

  constructor(private readonly opts: TapLinkOptions) {}

  get connected(): boolean {
    return this.socket !== undefined;
  }

  /** Reports are wanted: the channel is up, or being opened (they are told once it is). */
  get watching(): boolean {
    return this.socket !== undefined || this.early !== undefined;
  }

  start(): void {
    this.attempt();
  }

  /**
   * Report a message that went on with nothing held. On the traffic's path this only keeps the line's bytes (no copy,
   * no decoding, no JSON): its report is made when its batch is written.
   */
  passed(from: TapSide, at: number, line: Buffer): void {
    const socket = this.socket;
    if (!socket) {
      if (this.early) this.send({ t: 'msg', from, at, line: lineText(line) });
      return;
    }
    if (socket.writableLength + this.batchChars > MAX_BACKLOG) return;
    this.batch.push({ from, at, line });
    this.batchChars += line.length;
    this.flushTimer ??= afterTraffic(() => this.flush());
  }

  send(message: TapToHub): void {
    const socket = this.socket;
    if (!socket) {
      const early = this.early;
      if (!early || early.bytes > MAX_EARLY) return;
      const line = `${JSON.stringify(message)}\n`;
      early.messages.push(line);
      early.bytes += line.length;
      return;
    }
    if (socket.writableLength + this.batchChars > MAX_BACKLOG) return;
    const line = `${JSON.stringify(message)}\n`;
    // reports go out together a moment later, off the path of the traffic they copy (a held item's report at once)
    this.batch.push(line);
    this.batchChars += line.length;
    if ((message.t === 'msg' && message.hold !== undefined) || message.t === 'hello') this.flush();
    else this.flushTimer ??= afterTraffic(() => this.flush());
  }

  /** Write every report waiting, in the order they were made, in one write. */
  private flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    let lines = '';
    for (const report of this.batch) lines += typeof report === 'string' ? report : passedReport(report);
    this.batch = [];
    this.batchChars = 0;
    if (lines) this.socket?.write(lines);
  }

  /** Report a message that waits for the user; resolves with the decision (forward, unchanged, if the link goes). */
  hold(from: TapSide, at: number, line: string): Promise<PumpDecision> {
    if (!this.socket) return Promise.resolve({ kind: 'forward' });
    const hold = this.nextHold++;
    return new Promise((resolve) => {
      this.waiting.set(hold, resolve);
      this.send({ t: 'msg', from, at, line, hold });
    });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.flush();
    this.socket?.end();
  }

  private unwatched(why: string): void {
    this.early = undefined;
    if (!this.saidUnwatched)
      this.opts.say(
        `mrtr-inspector tap: nothing is being watched (${why}); traffic flows unchanged, and the tap connects when ` +
          `an inspector runs at ${this.opts.inspector.origin}`,
      );
    this.saidUnwatched = true;
    if (this.closed) return;
    this.timer = setTimeout(() => this.attempt(), this.opts.retryMs ?? 1000);
    this.timer.unref();
  }

  private attempt(): void {
    if (this.closed) return;
    const url = this.opts.inspector;
    const secret = readTapToken(Number(url.port || 80), this.opts.env);
    if ('why' in secret) return this.unwatched(secret.why);
    this.early = { messages: [], bytes: 0 };
    const req = request({
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || 80,
      path: TAP_CONNECT_PATH,
      method: 'GET',
      headers: { connection: 'Upgrade', upgrade: TAP_UPGRADE, [TAP_TOKEN_HEADER]: secret.token },
    });
    req.on('upgrade', (_res, socket, head) => this.connected_(socket, head));
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk.slice(0, 500)));
      res.on('end', () => {
        const message = /"message"\s*:\s*"([^"]*)"/.exec(text)?.[1];
        this.unwatched(`the inspector refused the tap: HTTP ${res.statusCode}${message ? `, ${message}` : ''}`);
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      this.unwatched(`no inspector answers at ${url.origin}: ${error.code ?? error.message}`),
    );
    req.end();
  }

  private connected_(socket: Socket, head: Buffer): void {
    socket.unref();
    socket.setNoDelay(true);
    this.socket = socket;
    this.saidUnwatched = false;
    this.opts.say(`mrtr-inspector tap: watched by the inspector at ${this.opts.inspector.origin}`);
    this.send(this.opts.hello());
    for (const line of this.early?.messages ?? []) socket.write(line);
    this.early = undefined;
    let buffered = head.toString('utf8');
    const read = (text: string): void => {
      buffered += text;
      for (let nl = buffered.indexOf('\n'); nl !== -1; nl = buffered.indexOf('\n')) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        this.told(line);
      }
    };
    socket.setEncoding('utf8');
    socket.on('data', read);
    read('');
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.batch = [];
      this.batchChars = 0;
      this.holds = { requests: false, responses: false };
      // what waited for a page that is gone goes on as it came
      for (const resolve of this.waiting.values()) resolve({ kind: 'forward' });
      this.waiting.clear();
      this.opts.lost?.();
      this.unwatched('the inspector went away');
    });
  }

  private told(line: string): void {
    let message: HubToTap;
    try {
      message = JSON.parse(line) as HubToTap;
    } catch {
      return;
    }
    if (message.t === 'holds') {
      this.holds = { requests: message.requests === true, responses: message.responses === true };
      return;
    }
    if (typeof message.t === 'string' && message.t.startsWith('fresh-')) {
      this.opts.fresh?.(message as Extract<HubToTap, { t: `fresh-${string}` }>);
      return;
    }
    if (message.t === 'decide') {
      const resolve = this.waiting.get(message.hold);
      if (!resolve) return;
      this.waiting.delete(message.hold);
      resolve(
        message.kind === 'drop'
          ? { kind: 'drop' }
          : typeof message.line === 'string'
            ? { kind: 'forward', line: message.line }
            : { kind: 'forward' },
      );
    }
  }
}
