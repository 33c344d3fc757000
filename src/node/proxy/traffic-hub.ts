/**
 * The proxies' one record of traffic: every event a proxy reports goes to each page listening (`subscribe`) and into
 * a bounded history, so a page opened after a client's first call still shows it. Each event is numbered, so a page
 * whose stream broke resumes after the last one it got instead of being told the history again. The list of proxies
 * is not part of that history: a page gets the current list when it subscribes (after the history), then each change;
 * with no page listening a leg costs the hub no more than its history entries (count changes are announced once per
 * turn of the event loop, and only to pages listening). Held items wait here for the page's Forward or Drop. Node-only,
 * no I/O of its own.
 */
import { randomUUID } from 'node:crypto';
import type { HeaderList } from '../../protocol/exchange.ts';
import {
  parseProxyEventId,
  proxyEventId,
  type HeldEnd,
  type HeldStage,
  type ProxyEvent,
  type ProxyInfo,
} from '../../protocol/proxy-wire.ts';

/** What the user decided for a held item. */
export type HeldDecision =
  | { kind: 'forward'; headers?: HeaderList; body?: string; status?: number }
  | { kind: 'drop' }
  | { kind: 'client-gone' };

interface Held {
  id: string;
  stage: HeldStage;
  resolve(decision: HeldDecision): void;
}

export interface TrafficHubOptions {
  /**
   * history kept for pages that connect later: at most about this many bytes (default 32 MiB), counted as the length
   * of the events' strings (bodies, headers, chunks) plus a little per event
   */
  historyBytes?: number;
  now?: () => number;
}

/** Told each event with its id (`proxyEventId`: its place in the stream). */
type Listener = (event: ProxyEvent, id: string) => void;

export class TrafficHub {
  private readonly listeners = new Set<Listener>();
  private readonly history: { event: ProxyEvent; n: number; size: number; proxyId?: string }[] = [];
  /** this record of traffic, in the events' ids (a restarted process is another) */
  private readonly run = randomUUID().slice(0, 8);
  private nextEvent = 1;
  /** a count changed and the pages listening have not been told yet (they are, on the next turn) */
  private countsPending = false;
  /** which proxy each exchange came through, so a stopped proxy's traffic can be forgotten */
  private readonly exchangeProxy = new Map<string, string>();
  private historySize = 0;
  /** the number of the newest event the history let go of for its size (0: none yet) */
  private evictedUpTo = 0;
  private readonly held = new Map<string, Held>();
  private readonly proxies = new Map<string, ProxyInfo>();
  /** told when a source's hold settings change (a stdio tap passes them on to its process) */
  private readonly holdWatchers = new Map<string, (info: ProxyInfo) => void>();
  private nextExchange = 1;
  readonly now: () => number;
  private readonly historyBytes: number;

  constructor(opts: TrafficHubOptions = {}) {
    this.now = opts.now ?? Date.now;
    this.historyBytes = opts.historyBytes ?? 32 * 1024 * 1024;
  }

  /** A fresh exchange id (`x1`, `x2`...): unique across every proxy of this process. */
  exchangeId(): string {
    return `x${this.nextExchange++}`;
  }

  addProxy(info: ProxyInfo): void {
    this.proxies.set(info.id, info);
    this.announceProxies();
  }

  /** A proxy stopped: it leaves the list, and its traffic leaves the history (pages that come later never see it). */
  removeProxy(id: string): void {
    this.holdWatchers.delete(id);
    if (!this.proxies.delete(id)) return;
    for (let i = this.history.length - 1; i >= 0; i--) {
      if (this.history[i]!.proxyId !== id) continue;
      this.historySize -= this.history[i]!.size;
      this.history.splice(i, 1);
    }
    for (const [exchange, proxy] of this.exchangeProxy) if (proxy === id) this.exchangeProxy.delete(exchange);
    this.announceProxies();
  }

  proxy(id: string): ProxyInfo | undefined {
    return this.proxies.get(id);
  }

  list(): ProxyInfo[] {
    return [...this.proxies.values()].map((p) => ({ ...p, counts: { ...p.counts } }));
  }

  /** How many pages listen now. */
  subscribers(): number {
    return this.listeners.size;
  }

  /** Change a proxy's hold settings; false when there is no such proxy. */
  setHolds(id: string, holds: { requests?: boolean; responses?: boolean }): boolean {
    const p = this.proxies.get(id);
    if (!p) return false;
    if (holds.requests !== undefined) p.holdRequests = holds.requests;
    if (holds.responses !== undefined) p.holdResponses = holds.responses;
    this.holdWatchers.get(id)?.(p);
    this.announceProxies();
    return true;
  }

  /** Be told when the hold settings of source `id` change (until it is removed). */
  watchHolds(id: string, watcher: (info: ProxyInfo) => void): void {
    this.holdWatchers.set(id, watcher);
  }

  count(id: string, what: keyof ProxyInfo['counts']): void {
    const p = this.proxies.get(id);
    if (!p) return;
    p.counts[what]++;
    // a leg counts twice (its request, its answer): the pages listening get the new counts once, when the turn ends
    if (this.countsPending || this.listeners.size === 0) return;
    this.countsPending = true;
    setImmediate(() => {
      this.countsPending = false;
      this.announceProxies();
    });
  }

  /** The list as it is now, to the pages listening (a page that subscribes later gets it then), numbered as events. */
  private announceProxies(): void {
    if (this.listeners.size === 0) return;
    const event: ProxyEvent = { type: 'proxies', proxies: this.list() };
    const id = proxyEventId({ run: this.run, n: this.nextEvent++ });
    for (const listener of this.listeners) listener(event, id);
  }

  emit(event: ProxyEvent): void {
    const size = eventSize(event);
    const n = this.nextEvent++;
    if (event.type === 'request') this.exchangeProxy.set(event.id, event.proxyId);
    const proxyId = 'id' in event ? this.exchangeProxy.get(event.id) : undefined;
    this.history.push(proxyId ? { event, n, size, proxyId } : { event, n, size });
    this.historySize += size;
    while (this.historySize > this.historyBytes && this.history.length > 1) {
      const gone = this.history.shift()!;
      this.historySize -= gone.size;
      this.evictedUpTo = gone.n;
      if (gone.event.type === 'request') this.exchangeProxy.delete(gone.event.id);
    }
    const id = proxyEventId({ run: this.run, n });
    for (const listener of this.listeners) listener(event, id);
  }

  /**
   * Every event so far (bounded), then the proxies as they are now, then each new event as it happens; returns what
   * stops the listening. Given the id of the last event a listener got (`lastEventId`, from this process), only the
   * events after it come first, after a `missed` event when some of them are no longer held. The list comes last of
   * these, under a new number, so a page that skips what it was already told (by number) never skips it.
   */
  subscribe(listener: Listener, lastEventId?: string): () => void {
    const last = parseProxyEventId(lastEventId);
    const after = last?.run === this.run ? last.n : 0;
    // resuming after events that are gone: say which, before what is left
    if (after > 0 && after < this.evictedUpTo) {
      const missed: ProxyEvent = { type: 'missed', at: this.now(), from: after + 1, to: this.evictedUpTo };
      // numbered as the last one gone: after what the page got, before what is left (which it must not skip)
      listener(missed, proxyEventId({ run: this.run, n: this.evictedUpTo }));
    }
    for (const { event, n } of this.history) if (n > after) listener(event, proxyEventId({ run: this.run, n }));
    listener({ type: 'proxies', proxies: this.list() }, proxyEventId({ run: this.run, n: this.nextEvent++ }));
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Hold an item until the page decides (or the client goes: `signal`). Announces it (`held`) and its end
   * (`released`).
   */
  hold(
    item: { id: string; stage: HeldStage; headers: HeaderList; body: string; status?: number; sse?: true },
    signal: AbortSignal,
  ): Promise<HeldDecision> {
    const key = heldKey(item.id, item.stage);
    return new Promise<HeldDecision>((resolve) => {
      const finish = (decision: HeldDecision): void => {
        if (!this.held.delete(key)) return;
        signal.removeEventListener('abort', onAbort);
        const end: HeldEnd =
          decision.kind === 'forward' ? 'forwarded' : decision.kind === 'drop' ? 'dropped' : 'client-gone';
        const released: ProxyEvent = { type: 'released', id: item.id, stage: item.stage, at: this.now(), end };
        if (decision.kind === 'forward' && (decision.body !== undefined || decision.headers !== undefined))
          released.edited = true;
        this.emit(released);
        resolve(decision);
      };
      const onAbort = (): void => finish({ kind: 'client-gone' });
      this.held.set(key, { id: item.id, stage: item.stage, resolve: finish });
      const held: ProxyEvent = {
        type: 'held',
        id: item.id,
        stage: item.stage,
        at: this.now(),
        headers: item.headers,
        body: item.body,
      };
      if (item.status !== undefined) held.status = item.status;
      if (item.sse) held.sse = true;
      this.emit(held);
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** The page's decision on a held item; false when nothing with that id is held (already released, or never). */
  decide(id: string, decision: Exclude<HeldDecision, { kind: 'client-gone' }>): boolean {
    const held = this.held.get(heldKey(id, 'request')) ?? this.held.get(heldKey(id, 'response'));
    if (!held) return false;
    held.resolve(decision);
    return true;
  }

  /** Release everything held (the inspector is closing): each waits no more and is dropped. */
  releaseAll(): void {
    for (const held of [...this.held.values()]) held.resolve({ kind: 'drop' });
  }
}

function heldKey(id: string, stage: HeldStage): string {
  return `${stage}:${id}`;
}

/** About what an event holds in memory: its strings (bodies, chunks, header names and values) and a little besides. */
function eventSize(event: ProxyEvent): number {
  let size = 64;
  if ('body' in event && typeof event.body === 'string') size += event.body.length;
  if ('text' in event) size += event.text.length;
  if ('headers' in event && event.headers)
    for (const [name, value] of event.headers) size += name.length + value.length + 8;
  if ('url' in event) size += event.url.length;
  if ('failure' in event && event.failure) size += event.failure.length;
  return size;
}
