/**
 * Figures: the bundled mock's throughput as a ratio to a bare SDK handler (bare-sdk-child.ts) serving the same
 * two-leg signed conversation, measured in the same run with interleaved runs (mock, bare, bare, mock, ...), 50
 * concurrent MRTR conversations (provision: leg 1 asks for a region with a signed requestState, leg 2 answers and
 * echoes it); the mock's absolute legs/s and its peak memory as reports. Each server runs in its own process; the
 * mock's RSS is sampled from /proc every 20 ms and its peak (VmHWM) read at the end.
 */
import { cpus } from 'node:os';
import { startMockProcess, type MockProcess } from './mock-process.ts';
import { provisionFirstLeg } from './session-gen.ts';
import { row, type FigureRow } from './report.ts';
import { MB, summarize } from './stats.ts';

const CONCURRENCY = 50;

/** Socket resets of keep-alive connections a server closed while idle (during the other side's run), counted. */
let resets = 0;

/** POST once more when the connection was reset before any answer (Node's fetch does not retry a POST itself). */
async function post(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code ?? '';
    if (!/ECONNRESET|UND_ERR_SOCKET|EPIPE/.test(code)) throw err;
    resets++;
    return fetch(url, init);
  }
}

async function conversation(mcpUrl: string, headers: [string, string][], message: Record<string, any>, id: number) {
  const leg1 = await post(mcpUrl, { method: 'POST', headers, body: JSON.stringify({ ...message, id }) });
  const first = (await leg1.json()) as { result?: { resultType?: string; requestState?: string } };
  if (first.result?.resultType !== 'input_required' || !first.result.requestState) throw new Error('leg 1 did not ask');
  const params = {
    ...message.params,
    inputResponses: { region: { action: 'accept', content: { region: 'eu-west-1' } } },
    requestState: first.result.requestState,
  };
  const leg2 = await post(mcpUrl, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...message, id: id + 1, params }),
  });
  const second = (await leg2.json()) as { result?: { resultType?: string } };
  if (second.result?.resultType !== 'complete') throw new Error('leg 2 did not complete');
}

/** One run: `conversations` two-leg conversations, CONCURRENCY at a time; legs per second. */
async function legsPerSecond(server: MockProcess, conversations: number): Promise<number> {
  const { composed } = provisionFirstLeg(server.mcpUrl);
  const message = JSON.parse(composed.body) as Record<string, any>;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < conversations; i = next++) {
        await conversation(server.mcpUrl, composed.headers, message, i * 2 + 1);
      }
    }),
  );
  return (conversations * 2) / ((performance.now() - t0) / 1000);
}

export async function measureMock(conversations: number, runs: number): Promise<FigureRow[]> {
  const mock = await startMockProcess();
  const bare = await startMockProcess('e2e/bench/bare-sdk-child.ts').catch(async (err: unknown) => {
    await mock.close();
    throw err;
  });
  resets = 0;
  const mockRates: number[] = [];
  const bareRates: number[] = [];
  const pairRatios: number[] = [];
  let sampledPeak = 0;
  const baseline = mock.rss();
  try {
    const sampler = setInterval(() => {
      sampledPeak = Math.max(sampledPeak, mock.rss() || 0);
    }, 20);
    try {
      // one warm-up run each, not counted
      await legsPerSecond(mock, conversations);
      await legsPerSecond(bare, conversations);
      for (let r = 0; r < runs; r++) {
        // A/B then B/A, so neither side always runs on the warmer (or the more loaded) slot
        const order = r % 2 === 0 ? ['mock', 'bare'] : ['bare', 'mock'];
        const pair: Record<string, number> = {};
        for (const side of order) pair[side] = await legsPerSecond(side === 'mock' ? mock : bare, conversations);
        mockRates.push(pair.mock ?? 0);
        bareRates.push(pair.bare ?? 0);
        pairRatios.push((pair.mock ?? 0) / (pair.bare ?? 1));
      }
    } finally {
      clearInterval(sampler);
    }
    const peak = mock.peakRss();
    const mockSummary = summarize(mockRates);
    const bareSummary = summarize(bareRates);
    const ratio = mockSummary.median / bareSummary.median;
    const pairs = summarize(pairRatios);
    const fmtRate = (n: number) => Math.round(n).toLocaleString('en-US');
    return [
      row(
        {
          id: 'mock-ratio',
          figure: 'mock legs/s ÷ bare SDK handler legs/s, same run',
          unit: '×',
          summary: { median: ratio, min: pairs.min, max: pairs.max, runs: pairs.runs },
          note:
            `median(mock) / median(bare) over ${runs} interleaved run pairs (min/max: per-pair ratios); bare = ` +
            `createMcpHandler + one McpServer per request with only provision (SDK HMAC codec), median ` +
            `${fmtRate(bareSummary.median)} legs/s (${fmtRate(bareSummary.min)}–${fmtRate(bareSummary.max)}); ` +
            `${resets} legs re-sent after a connection reset (an idle keep-alive socket closed by its server)`,
          details: { mockRates, bareRates, pairRatios },
        },
        { value: 0.8, text: '>= 0.8', direction: 'min' },
      ),
      row({
        id: 'mock-legs-per-second',
        figure: `mock: legs/s, ${CONCURRENCY} concurrent MRTR conversations (2 legs)`,
        unit: 'legs/s',
        summary: mockSummary,
        note: `${conversations} conversations (${conversations * 2} legs) per run, client = Node fetch in the bench process on the same ${cpus().length}-core machine, 1 warm-up run not counted; absolute: follows the host's load (see the ratio above)`,
      }),
      row({
        id: 'mock-peak-rss',
        figure: 'mock: peak memory (RSS, VmHWM)',
        unit: 'MB',
        summary: { median: peak / MB, min: baseline / MB, max: Math.max(peak, sampledPeak) / MB, runs: 1 },
        note: `min = RSS when idle before the load (${(baseline / MB).toFixed(0)} MB), max = highest of VmHWM and the 20 ms samples; includes tsx's transpiler in that process`,
      }),
    ];
  } finally {
    await Promise.all([mock.close(), bare.close()]);
  }
}
