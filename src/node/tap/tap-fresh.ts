/**
 * Fresh instances of a tapped server, for the page: the page cannot reach the server a desktop host launched through
 * its tap (it speaks to the host over the host's own pipes), so forking a tapped call, auditing it or sending it
 * again goes to another instance of the same server, launched the same way.
 *
 * Who launches it: the tap itself (tap-fresh-children.ts). It already runs the command with the host's environment
 * and working directory, so nothing of them ever leaves the tap (the page never sees the environment, the inspector
 * never holds it). The hub asks over the tap's authenticated channel (`fresh-start`, a number and nothing else) and
 * the tap relays the fresh child's stdio back; here that child becomes a stdio bridge (src/node/stdio/) whose URL,
 * `<app>/__tap/<tap>/<n>/mcp`, exists only inside the relay, as a `--stdio` server's does: the page reaches it through
 * every relay check (token, loopback, Host, Origin).
 *
 * The page asks with the proxies' control (`{ action: 'fresh', proxyId }`), itself behind the relay's checks; it names
 * a connected tap and nothing else. One instance per tap is kept and handed out again while it runs. Node-only.
 */
import { EventEmitter } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import { redactArgs } from '../../session/io/redact.ts';
import type { TrafficHub } from '../proxy/traffic-hub.ts';
import { RelayRefusal } from '../relay/relay-http.ts';
import { bridgeErrorResponse } from '../stdio/bridge-errors.ts';
import { startStdioBridge, type StdioBridge } from '../stdio/stdio-bridge.ts';
import type { StdioChild } from '../stdio/stdio-process.ts';
import type { HubToTap, TapToHub } from './tap-wire.ts';

/** A fresh instance's URL on a loopback host: `<app>/__tap/<tap>/<n>/mcp`. */
function isFreshInstancePath(url: string): boolean {
  try {
    const { hostname, pathname } = new URL(url);
    return ['127.0.0.1', 'localhost', '[::1]'].includes(hostname) && /^\/__tap\/[^/]+\/\d+\/mcp$/.test(pathname);
  } catch {
    return false;
  }
}

/** The answer for a fresh instance that is gone: the page's request is not sent anywhere else. */
async function goneInstance(request: Request): Promise<Response> {
  let id: unknown = null;
  try {
    id = ((await request.json()) as { id?: unknown }).id;
  } catch {
    // no JSON body: the error names no id
  }
  return bridgeErrorResponse(
    502,
    id,
    'not_running',
    'This fresh instance of a tapped server is gone (its tap ended, or the inspector restarted): fork or audit the ' +
      'tapped call again to launch a new one, while its host runs',
  );
}

/** How long a tap may take to say its fresh instance started. */
const START_TIMEOUT_MS = 15_000;

type FromTap = Extract<TapToHub, { fresh: number }>;

/** A fresh instance's process, seen from the hub: its stdio goes over the tap's channel. */
class TappedChild extends EventEmitter implements StdioChild {
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  readonly stdin: Writable;
  private ended = false;

  constructor(
    private readonly fresh: number,
    private readonly tell: (message: HubToTap) => void,
  ) {
    super();
    this.stdin = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        tell({ t: 'fresh-in', fresh, data: chunk.toString('utf8') });
        done();
      },
      final: (done) => {
        tell({ t: 'fresh-end', fresh });
        done();
      },
    });
  }

  kill(signal: NodeJS.Signals): boolean {
    if (this.ended) return false;
    this.tell({ t: 'fresh-kill', fresh: this.fresh, signal: signal === 'SIGKILL' ? 'SIGKILL' : 'SIGTERM' });
    return true;
  }

  told(message: FromTap): void {
    switch (message.t) {
      case 'fresh-started':
        this.emit('spawn');
        return;
      case 'fresh-failed':
        this.emit('error', new Error(String(message.message)));
        return;
      case 'fresh-out':
        if (typeof message.data === 'string') this.stdout.write(message.data);
        return;
      case 'fresh-err':
        if (typeof message.data === 'string') this.stderr.write(message.data);
        return;
      case 'fresh-exit':
        this.exited(message.code, message.signal as NodeJS.Signals | null);
        return;
    }
  }

  /** The process ended (or the tap carrying it did): its streams end, then it is gone. */
  exited(code: number | null, signal: NodeJS.Signals | null, why?: string): void {
    if (this.ended) return;
    this.ended = true;
    if (why) this.stderr.write(`[inspector] ${why}\n`);
    this.emit('exit', code, signal);
    this.stdout.end();
    this.stderr.end();
    // 'close' after the streams' last data is read, as a local child's comes
    setImmediate(() => this.emit('close'));
  }
}

/** One connected tap, as the fresh instances need it. */
interface TapEntry {
  tell: (message: HubToTap) => void;
  /** the tap launches fresh instances (an older tap says nothing of it) */
  fresh: boolean;
  children: Map<number, TappedChild>;
  instance?: { url: string; bridge: Promise<StdioBridge> };
}

export interface FreshInstances {
  /** a tap connected (`serveTap`): what to tell it with; returns what its channel hands on, and its end */
  register(
    tapId: string,
    tell: (message: HubToTap) => void,
    fresh: boolean,
  ): { told(message: FromTap): void; closed(): void };
  /** A fresh instance of tap `tapId`'s server for the page at `appBase`: its URL (inside the relay). */
  launch(tapId: string, appBase: string): Promise<{ url: string }>;
  /**
   * the instance at `url`, as the relay's fetch reaches it (undefined: not one of them); an instance that is gone
   * answers that it is, so the request never goes to the network
   */
  handlerFor(url: string): ((request: Request) => Promise<Response>) | undefined;
  /** the instances running, each with its bridge: the stdio log reads their state and stderr */
  logs(): { url: string; bridge: StdioBridge }[];
  close(): Promise<void>;
}

export function createFreshInstances(hub: TrafficHub, opts: { startTimeoutMs?: number } = {}): FreshInstances {
  const taps = new Map<string, TapEntry>();
  /** taps that were connected and ended (their ids are never reused within a run) */
  const ended = new Set<string>();
  const byUrl = new Map<string, StdioBridge>();
  let launched = 0;

  const stop = (entry: TapEntry): void => {
    const instance = entry.instance;
    entry.instance = undefined;
    if (!instance) return;
    byUrl.delete(instance.url);
    void instance.bridge.then((b) => b.close()).catch(() => undefined);
  };

  return {
    register(tapId, tell, fresh) {
      const entry: TapEntry = { tell, fresh, children: new Map() };
      taps.set(tapId, entry);
      return {
        told: (message) => entry.children.get(message.fresh)?.told(message),
        closed: () => {
          taps.delete(tapId);
          ended.add(tapId);
          for (const child of entry.children.values())
            child.exited(null, null, 'the tap that ran this instance ended, and the instance with it');
          entry.children.clear();
          stop(entry);
        },
      };
    },

    async launch(tapId, appBase) {
      const entry = taps.get(tapId);
      const info = hub.proxy(tapId);
      if (ended.has(tapId) || (entry && info?.tap?.exited))
        throw new RelayRefusal(
          409,
          'tap_ended',
          `The tap "${tapId}" has ended (its server exited, or its host closed it): it launches nothing more. Start ` +
            'its host again (it launches a new tap), then ask again.',
        );
      if (!entry || !info?.tap)
        throw new RelayRefusal(
          404,
          'no_tap',
          `No tap "${tapId}" is connected: a fresh instance is launched only by a tap that runs now. Start its host ` +
            'again (it launches the tap), then ask again.',
        );
      if (!entry.fresh)
        throw new RelayRefusal(
          409,
          'tap_cannot_launch',
          'This tap cannot launch a fresh instance of its server (it comes from an older mrtr-inspector): update the ' +
            'mrtr-inspector the host launches.',
        );
      const running = entry.instance;
      if (running) {
        const bridge = await running.bridge.catch(() => undefined);
        if (bridge?.status().running && entry.instance === running) return { url: running.url };
        if (entry.instance === running) stop(entry);
      }
      const fresh = ++launched;
      const url = `${appBase}/__tap/${encodeURIComponent(tapId)}/${fresh}/mcp`;
      const start = (): TappedChild => {
        const child = new TappedChild(fresh, entry.tell);
        entry.children.set(fresh, child);
        child.on('close', () => entry.children.delete(fresh));
        const timer = setTimeout(
          () => child.emit('error', new Error('the tap did not say the instance started')),
          opts.startTimeoutMs ?? START_TIMEOUT_MS,
        );
        timer.unref();
        child.once('spawn', () => clearTimeout(timer));
        child.once('error', () => {
          clearTimeout(timer);
          entry.children.delete(fresh);
        });
        entry.tell({ t: 'fresh-start', fresh });
        return child;
      };
      // the argv only names the server in the bridge's notes and errors, which reach the page: its secrets masked
      const named = redactArgs(info.tap.command);
      const bridge = startStdioBridge({ argv: named, start });
      entry.instance = { url, bridge };
      try {
        byUrl.set(url, await bridge);
      } catch (error) {
        if (entry.instance?.url === url) entry.instance = undefined;
        throw new RelayRefusal(
          502,
          'fresh_failed',
          `The tap could not launch a fresh instance of "${named.join(' ')}": ${
            error instanceof Error ? error.message : String(error)
          }`,
        );
      }
      return { url };
    },

    handlerFor(url) {
      const bridge = byUrl.get(url);
      if (bridge) return (request) => bridge.handle(request);
      return isFreshInstancePath(url) ? goneInstance : undefined;
    },

    logs: () => [...byUrl].map(([url, bridge]) => ({ url, bridge })),

    async close() {
      const bridges = [...byUrl.values()];
      byUrl.clear();
      taps.clear();
      await Promise.allSettled(bridges.map((b) => b.close()));
    },
  };
}
