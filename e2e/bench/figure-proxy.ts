/**
 * Figures: the inspector's proxy (`--proxy`) between a client and a server, nothing held; for the last two, a page
 * follows its traffic as the app does (the real `/__proxy/events` route, read by the page's own feed into its store):
 * - a client's leg through the proxy ÷ the same leg through a bare Node pipe proxy (the floor of any second Node HTTP
 *   hop), and ÷ the same leg straight to the server (report only), the three interleaved in one run
 *   (proxy-leg-ratio.ts);
 * - each SSE event, from the moment the server wrote it to the moment the client read it through the proxy (the same
 *   leg straight to the server beside it): an upper bound on how long the proxy kept it;
 * - 50 concurrent clients through one proxy, each running two-leg MRTR conversations: every answer reaches its
 *   client, and every leg shows in the page's store (what its Timeline lists), and how far behind the page was.
 * The leg ratios go through proxies in their own processes (proxy-child.ts, bare-proxy-child.ts), as the CLI runs
 * the inspector's: a watched client is always another process, and in one process the client's fetch work and the
 * proxy's would wait on each other's turns of one event loop. For the other figures the proxy, the page's store and the clients share the bench process (the
 * inspector's node side and the page run in their own processes in real use): a conservative setting on 2 cores.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { proxyControl, runProxyFeed, watchedExchanges } from '../../src/client/proxy-feed.ts';
import { createProxyRoutes } from '../../src/node/proxy/proxy-routes.ts';
import { createProxySet, type ProxySet } from '../../src/node/proxy/proxy-set.ts';
import { createInspectorStore, type InspectorStore } from '../../src/store/inspector-store.ts';
import { startMockProcess } from './mock-process.ts';
import { legOrder, legRatioRows, type LegSide, type LegTimes } from './proxy-leg-ratio.ts';
import { row, type FigureRow } from './report.ts';
import { provisionFirstLeg } from './session-gen.ts';
import { summarize } from './stats.ts';

const CONCURRENCY = 50;
const TOKEN = 'bench-proxy-token-0123456789';

export interface ProxyCounts {
  /** interleaved leg pairs for the ratio */
  legs: number;
  /** SSE events per stream, and streams each way */
  sseEvents: number;
  sseStreams: number;
  /** two-leg conversations over the 50 clients */
  conversations: number;
}

interface Inspector {
  proxies: ProxySet;
  store: InspectorStore;
  /** the page starts following the proxies' traffic (the history first, as the app's page does) */
  follow(): void;
  /** requests the page was told of, and exchanges it has recorded as legs */
  requests: () => number;
  recorded: () => number;
  close(): Promise<void>;
}

function listening(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function closing(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** The inspector's node side (the proxy routes on a loopback server) and a page following them into its store. */
async function startInspector(): Promise<Inspector> {
  const proxies = createProxySet();
  const routes = createProxyRoutes({ token: TOKEN, appHosts: () => [host], proxies });
  const app = createServer((req, res) => routes(req, res, () => res.writeHead(404).end()));
  const port = await listening(app);
  const host = `127.0.0.1:${port}`;
  const base = `http://${host}`;
  const store = createInspectorStore({
    fetchFor: () => () => Promise.reject(new Error('the bench page sends nothing itself')),
    now: () => Date.now(),
    proxy: { control: (c) => proxyControl(TOKEN, c, fetch, base), follow: () => undefined },
  });
  let recorded = 0;
  let requests = 0;
  const record = watchedExchanges((id, exchange) => {
    recorded++;
    store.getState().recordWatched(id, exchange);
  });
  const stop = new AbortController();
  return {
    proxies,
    store,
    follow: () =>
      void runProxyFeed({
        token: TOKEN,
        base,
        signal: stop.signal,
        onEvent: (event) => {
          if (event.type === 'request') requests++;
          store.getState().applyProxyEvent(event);
          record(event);
        },
      }),
    requests: () => requests,
    recorded: () => recorded,
    close: async () => {
      stop.abort();
      await proxies.close();
      await closing(app);
    },
  };
}

/** Legs in the page's session that came from a watched client. */
function watchedLegs(store: InspectorStore): number {
  const { conversations } = store.getState().session;
  return Object.values(conversations).reduce((n, c) => n + (c.watched ? c.legIds.length : 0), 0);
}

async function until(what: string, ok: () => boolean, timeoutMs: number): Promise<void> {
  const t0 = performance.now();
  while (!ok()) {
    if (performance.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The same leg straight to the server, through the bare pipe and through the inspector's proxy, interleaved. */
async function legRatio(urls: Record<LegSide, string>, legs: number): Promise<FigureRow[]> {
  const { composed } = provisionFirstLeg(urls.straight);
  const leg = async (url: string) => {
    const t0 = performance.now();
    const res = await fetch(url, { method: 'POST', headers: composed.headers, body: composed.body });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200 || !text.includes('input_required')) throw new Error(`leg via ${url} failed`);
    return ms;
  };
  for (let i = 0; i < Math.min(100, legs); i++) for (const side of legOrder(i)) await leg(urls[side]);
  const times: LegTimes = { straight: [], bare: [], proxy: [] };
  for (let i = 0; i < legs; i++) for (const side of legOrder(i)) times[side].push(await leg(urls[side]));
  return legRatioRows(times);
}

/** An SSE server writing `events` events 2 ms apart, each stamped with the time it was written. */
async function sseSource(events: number): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    let seq = 0;
    const tick = setInterval(() => {
      res.write(`event: message\ndata: {"seq":${seq},"t":${performance.now()}}\n\n`);
      if (++seq === events) {
        clearInterval(tick);
        res.end();
      }
    }, 2);
    res.on('close', () => clearInterval(tick));
  });
  const port = await listening(server);
  return { url: `http://127.0.0.1:${port}/mcp`, close: () => closing(server) };
}

/** Per event: ms from the server writing it to the client reading it. */
async function eventDelays(url: string): Promise<number[]> {
  const res = await fetch(url, { method: 'POST', headers: { accept: 'text/event-stream' }, body: '{}' });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const delays: number[] = [];
  let buffer = '';
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    const now = performance.now();
    buffer += decoder.decode(r.value, { stream: true });
    const events = buffer.split('\n\n');
    buffer = events.pop() ?? '';
    for (const e of events) {
      const m = /"t":([\d.]+)/.exec(e);
      if (m) delays.push(now - Number(m[1]));
    }
  }
  return delays;
}

async function sseDelay(inspector: Inspector, counts: ProxyCounts): Promise<FigureRow[]> {
  const source = await sseSource(counts.sseEvents);
  try {
    const proxy = await inspector.proxies.start(source.url);
    const via: number[] = [];
    const direct: number[] = [];
    await eventDelays(proxy.url);
    await eventDelays(source.url);
    for (let i = 0; i < counts.sseStreams; i++) {
      if (i % 2 === 0) {
        via.push(...(await eventDelays(proxy.url)));
        direct.push(...(await eventDelays(source.url)));
      } else {
        direct.push(...(await eventDelays(source.url)));
        via.push(...(await eventDelays(proxy.url)));
      }
    }
    const sv = summarize(via);
    const sd = summarize(direct);
    const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)] ?? NaN;
    return [
      row(
        {
          id: 'proxy-sse-event-delay',
          figure: 'proxy: each SSE event, server wrote it -> client read it through the proxy',
          unit: 'ms',
          summary: sv,
          note: `${via.length} events (${counts.sseStreams / 2} streams of ${counts.sseEvents}, one every 2 ms), streams through the proxy and straight to the server interleaved; through the proxy p95 ${p(via, 0.95).toFixed(2)} ms, p99 ${p(via, 0.99).toFixed(2)} ms; straight to the server median ${sd.median.toFixed(2)} ms, p99 ${p(direct, 0.99).toFixed(2)} ms, max ${sd.max.toFixed(2)} ms; every event must pass (the max), and it includes both loopback hops and the client's read`,
        },
        { value: 10, text: 'every event <= 10 ms', on: 'worst' },
      ),
    ];
  } finally {
    await source.close();
  }
}

async function concurrentClients(inspector: Inspector, proxyUrl: string, conversations: number): Promise<FigureRow[]> {
  const { composed } = provisionFirstLeg(proxyUrl);
  const message = JSON.parse(composed.body) as Record<string, any>;
  // what came before (the other figures' legs) is all recorded first, so the count below is this figure's alone
  await until('the page to record the earlier legs', () => inspector.recorded() >= inspector.requests(), 30_000);
  const before = watchedLegs(inspector.store);
  let answered = 0;
  const post = async (body: Record<string, unknown>, resultType: string) => {
    try {
      const res = await fetch(proxyUrl, { method: 'POST', headers: composed.headers, body: JSON.stringify(body) });
      const json = (await res.json()) as { id?: number; result?: { resultType?: string; requestState?: string } };
      if (res.status !== 200 || json.id !== body.id || json.result?.resultType !== resultType) return undefined;
      answered++;
      return json;
    } catch {
      return undefined;
    }
  };
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < conversations; i = next++) {
        const id = i * 2 + 1;
        const first = await post({ ...message, id }, 'input_required');
        if (!first?.result?.requestState) continue;
        const params = {
          ...message.params,
          inputResponses: { region: { action: 'accept', content: { region: 'eu-west-1' } } },
          requestState: first.result.requestState,
        };
        await post({ ...message, id: id + 1, params }, 'complete');
      }
    }),
  );
  const clientsDone = performance.now();
  const legs = conversations * 2;
  const lost = legs - answered;
  let caughtUp = true;
  await until('the page to record every leg', () => watchedLegs(inspector.store) - before >= legs, 30_000).catch(
    () => (caughtUp = false),
  );
  const lagMs = performance.now() - clientsDone;
  const shown = watchedLegs(inspector.store) - before;
  const seconds = (clientsDone - t0) / 1000;
  return [
    row(
      {
        id: 'proxy-concurrent-lost',
        figure: `proxy: ${CONCURRENCY} concurrent clients, legs lost (no answer, not theirs, or not the right result)`,
        unit: 'legs',
        summary: { median: lost, min: lost, max: lost, runs: 1 },
        note: `${conversations} two-leg MRTR conversations (provision) over ${CONCURRENCY} clients, ${answered} of ${legs} legs answered as expected (leg 1 input_required with a requestState, leg 2 complete), ${(legs / seconds).toFixed(0)} legs/s through one proxy`,
      },
      { value: 0, text: '0' },
    ),
    row(
      {
        id: 'proxy-concurrent-page',
        figure: `proxy: ${CONCURRENCY} concurrent clients, legs the page's Timeline lists ÷ legs sent`,
        unit: '×',
        summary: { median: shown / legs, min: shown / legs, max: shown / legs, runs: 1 },
        note: `${shown} of ${legs} legs in the page's store (watched conversations), read from the real /__proxy/events route by the page's own feed; the last one ${caughtUp ? `${lagMs.toFixed(0)} ms after the last client had its answer` : 'never came within 30 s'}`,
      },
      { value: 1, text: '= 1 (all legs)', direction: 'min' },
    ),
  ];
}

export async function measureProxy(counts: ProxyCounts): Promise<FigureRow[]> {
  const mock = await startMockProcess();
  const inspector = await startInspector().catch(async (err: unknown) => {
    await mock.close();
    throw err;
  });
  try {
    // the leg ratios through proxies in their own processes, as the CLI runs the inspector's: in use the watched
    // client is always another process, and here the client's own fetch work would otherwise wait behind the proxy's
    // on one event loop (and the proxy's behind the client's); the inspector's still reports every event to its own
    // hub and history, the bare pipe (the floor) records nothing
    const target = { BENCH_PROXY_TARGET: mock.mcpUrl };
    const child = await startMockProcess('e2e/bench/proxy-child.ts', target);
    const bare = await startMockProcess('e2e/bench/bare-proxy-child.ts', target).catch(async (err: unknown) => {
      await child.close();
      throw err;
    });
    const ratio = await legRatio(
      { straight: mock.mcpUrl, bare: bare.mcpUrl, proxy: child.mcpUrl },
      counts.legs,
    ).finally(() => Promise.all([child.close(), bare.close()]));
    const proxy = await inspector.proxies.start(mock.mcpUrl);
    inspector.follow();
    await until('the page to follow the proxies', () => inspector.store.getState().proxies.length > 0, 10_000);
    return [
      ...ratio,
      ...(await sseDelay(inspector, counts)),
      ...(await concurrentClients(inspector, proxy.url, counts.conversations)),
    ];
  } finally {
    await inspector.close();
    await mock.close();
  }
}
