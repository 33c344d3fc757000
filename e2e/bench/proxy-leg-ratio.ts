/**
 * The proxy's leg ratios from three interleaved sides (pure): the same leg sent straight to the server, through a
 * bare Node pipe proxy (bare-proxy-child.ts) and through the inspector's proxy (proxy-child.ts), each in its own
 * process. The budget compares the inspector's proxy with the bare pipe: that is what the proxy itself adds, as the
 * wire budget compares `sendLeg` with a bare `fetch`. The ratio to the straight leg is reported beside it (no budget):
 * it is what a second Node HTTP process hop costs, which no proxy process can take back.
 */
import { row, type FigureRow } from './report.ts';
import { compareMedians, summarize } from './stats.ts';

/** The ratios' ranges: the same ratio of medians in each of this many blocks of consecutive rounds. */
const BLOCKS = 20;

export type LegSide = 'straight' | 'bare' | 'proxy';

const ORDERS: readonly (readonly LegSide[])[] = [
  ['straight', 'bare', 'proxy'],
  ['proxy', 'bare', 'straight'],
  ['bare', 'proxy', 'straight'],
  ['straight', 'proxy', 'bare'],
  ['proxy', 'straight', 'bare'],
  ['bare', 'straight', 'proxy'],
];

/** The order of the three legs of iteration `i`: all six orders in turn, so each side goes first, second and last,
 * and before and after each other side, equally often. */
export function legOrder(i: number): readonly LegSide[] {
  return ORDERS[i % ORDERS.length]!;
}

export type LegTimes = Record<LegSide, number[]>;

/** The two rows: through the proxy ÷ through the bare pipe (budget <= 1.15), and ÷ straight (report only). */
export function legRatioRows(times: LegTimes): FigureRow[] {
  const n = times.proxy.length;
  if (times.bare.length !== n || times.straight.length !== n) throw new Error('legRatioRows: sides of unequal length');
  const s = { straight: summarize(times.straight), bare: summarize(times.bare), proxy: summarize(times.proxy) };
  const perRound = (of: LegSide) => summarize(times.proxy.map((t, i) => t / times[of][i]!));
  const ratio = (of: LegSide) => compareMedians(times.proxy, times[of], BLOCKS, (a, b) => a / b);
  const blocks = `min/max: the same ratio of medians in each of ${Math.min(BLOCKS, n)} blocks of consecutive rounds`;
  const ms = (side: LegSide) => `${s[side].median.toFixed(2)} ms`;
  const legs = `${n} rounds of three interleaved legs (provision, leg 1, each order of the three in turn; the mock, the bare pipe and the inspector's proxy each in its own process)`;
  const medians = `medians: through the proxy ${ms('proxy')}, through the bare pipe ${ms('bare')}, straight ${ms('straight')}`;
  return [
    row(
      {
        id: 'proxy-leg-over-bare',
        figure: "proxy: a client leg through the inspector's proxy ÷ through a bare Node pipe proxy",
        unit: '×',
        summary: ratio('bare'),
        note: `ratio of medians over ${legs}; the bare pipe forwards and streams with a keep-alive agent, nothing checked or recorded; the inspector's proxy reports every event to its hub (no page following: in use the page runs in the browser); ${medians}; ${blocks}; median of the per-round ratios ${perRound('bare').median.toFixed(3)}`,
      },
      { value: 1.15, text: '<= 1.15' },
    ),
    row({
      id: 'proxy-leg-over-straight',
      figure: "proxy: a client leg through the inspector's proxy ÷ straight to the server",
      unit: '×',
      summary: ratio('straight'),
      note: `report only: what a second Node HTTP process hop costs, which no proxy process takes back (the bare pipe ÷ straight: ${(s.bare.median / s.straight.median).toFixed(2)} ×); same ${n} rounds; ${blocks}; median of the per-round ratios ${perRound('straight').median.toFixed(3)}`,
    }),
  ];
}
