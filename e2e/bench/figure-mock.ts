/**
 * Figure: the bundled mock's throughput with 50 concurrent MRTR conversations (provision: leg 1 asks for a region
 * with a signed requestState, leg 2 answers and echoes it), and its peak memory. The mock runs in its own process;
 * its RSS is sampled from /proc every 20 ms and its peak (VmHWM) read at the end.
 */
import { cpus } from 'node:os';
import { startMockProcess } from './mock-process.ts';
import { provisionFirstLeg } from './session-gen.ts';
import { row, type FigureRow } from './report.ts';
import { MB, summarize } from './stats.ts';

const CONCURRENCY = 50;

async function conversation(mcpUrl: string, headers: [string, string][], message: Record<string, any>, id: number) {
  const leg1 = await fetch(mcpUrl, { method: 'POST', headers, body: JSON.stringify({ ...message, id }) });
  const first = (await leg1.json()) as { result?: { resultType?: string; requestState?: string } };
  if (first.result?.resultType !== 'input_required' || !first.result.requestState) throw new Error('leg 1 did not ask');
  const params = {
    ...message.params,
    inputResponses: { region: { action: 'accept', content: { region: 'eu-west-1' } } },
    requestState: first.result.requestState,
  };
  const leg2 = await fetch(mcpUrl, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...message, id: id + 1, params }),
  });
  const second = (await leg2.json()) as { result?: { resultType?: string } };
  if (second.result?.resultType !== 'complete') throw new Error('leg 2 did not complete');
}

export async function measureMock(conversations: number, runs: number): Promise<FigureRow[]> {
  const mock = await startMockProcess();
  const rates: number[] = [];
  let sampledPeak = 0;
  const baseline = mock.rss();
  try {
    const { composed } = provisionFirstLeg(mock.mcpUrl);
    const message = JSON.parse(composed.body) as Record<string, any>;
    const sampler = setInterval(() => {
      sampledPeak = Math.max(sampledPeak, mock.rss() || 0);
    }, 20);
    try {
      for (let r = 0; r < runs + 1; r++) {
        let next = 0;
        const t0 = performance.now();
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            for (let i = next++; i < conversations; i = next++) {
              await conversation(mock.mcpUrl, composed.headers, message, i * 2 + 1);
            }
          }),
        );
        const seconds = (performance.now() - t0) / 1000;
        if (r > 0) rates.push((conversations * 2) / seconds); // run 0 is a warm-up
      }
    } finally {
      clearInterval(sampler);
    }
    const peak = mock.peakRss();
    return [
      row(
        {
          id: 'mock-legs-per-second',
          figure: `mock: legs/s, ${CONCURRENCY} concurrent MRTR conversations (2 legs)`,
          unit: 'legs/s',
          summary: summarize(rates),
          note: `${conversations} conversations (${conversations * 2} legs) per run, client = Node fetch in the bench process on the same ${cpus().length}-core machine, 1 warm-up run not counted`,
        },
        { value: 2000, text: '>= 2,000 legs/s', direction: 'min' },
      ),
      row({
        id: 'mock-peak-rss',
        figure: 'mock: peak memory (RSS, VmHWM)',
        unit: 'MB',
        summary: { median: peak / MB, min: baseline / MB, max: Math.max(peak, sampledPeak) / MB, runs: 1 },
        note: `min = RSS when idle before the load (${(baseline / MB).toFixed(0)} MB), max = highest of VmHWM and the 20 ms samples; includes tsx's transpiler in that process`,
      }),
    ];
  } finally {
    await mock.close();
  }
}
