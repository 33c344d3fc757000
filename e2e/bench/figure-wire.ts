/**
 * Figure: the app's client layer (`sendLeg`, which records headers, body, timings and parses the message) against a
 * bare `fetch` + `text()` of the same bytes, one leg at a time against the mock (its own process), interleaved
 * A/B then B/A so both see the same conditions; the ratio of medians comes from the same run.
 */
import { sendLeg } from '../../src/client/send-leg.ts';
import type { MockProcess } from './mock-process.ts';
import { row, type FigureRow } from './report.ts';
import { provisionFirstLeg } from './session-gen.ts';
import { summarize } from './stats.ts';

export async function measureWire(mock: MockProcess, legs: number): Promise<FigureRow[]> {
  const { composed, rpcId } = provisionFirstLeg(mock.mcpUrl);
  const { url, headers, body } = composed;

  const viaClient = async () => {
    const t0 = performance.now();
    const exchange = await sendLeg({ url, headers, body, fetch, rpcId });
    const ms = performance.now() - t0;
    if (exchange.response?.status !== 200 || exchange.message === undefined) throw new Error('sendLeg leg failed');
    return ms;
  };
  const bare = async () => {
    const t0 = performance.now();
    const res = await fetch(url, { method: 'POST', headers, body });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200 || text.length === 0) throw new Error('bare leg failed');
    return ms;
  };

  for (let i = 0; i < Math.min(100, legs); i++) {
    await viaClient();
    await bare();
  }
  const a: number[] = [];
  const b: number[] = [];
  const pairRatios: number[] = [];
  for (let i = 0; i < legs; i++) {
    let x: number;
    let y: number;
    if (i % 2 === 0) {
      x = await viaClient();
      y = await bare();
    } else {
      y = await bare();
      x = await viaClient();
    }
    a.push(x);
    b.push(y);
    pairRatios.push(x / y);
  }
  const sa = summarize(a);
  const sb = summarize(b);
  const ratio = sa.median / sb.median;
  const pr = summarize(pairRatios);
  return [
    row(
      {
        id: 'wire-ratio',
        figure: 'wire overhead per leg: sendLeg / bare fetch',
        unit: '×',
        summary: { median: ratio, min: pr.min, max: pr.max, runs: legs },
        note: `ratio of medians over ${legs} interleaved legs (provision, leg 1, ${body.length} B request); min/max are per-pair ratios, median per-pair ratio ${pr.median.toFixed(3)}`,
      },
      { value: 1.15, text: '<= 1.15' },
    ),
    row({ id: 'wire-sendleg-ms', figure: 'one leg via sendLeg', unit: 'ms', summary: sa }),
    row({ id: 'wire-bare-ms', figure: 'one leg via bare fetch', unit: 'ms', summary: sb }),
  ];
}
