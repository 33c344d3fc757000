import { describe, expect, it } from 'vitest';
import { legOrder, legRatioRows, type LegSide } from './proxy-leg-ratio.ts';

describe("the proxy's leg ratios", () => {
  it('takes each of the six orders of the three legs in turn, so no side is favoured by its place', () => {
    const six = Array.from({ length: 6 }, (_, i) => legOrder(i).join(','));
    expect(new Set(six).size).toBe(6);
    for (const order of six) expect(order.split(',').sort()).toEqual(['bare', 'proxy', 'straight']);
    expect(legOrder(6)).toEqual(legOrder(0));
    const firsts = new Map<LegSide, number>();
    for (let i = 0; i < 6; i++) firsts.set(legOrder(i)[0]!, (firsts.get(legOrder(i)[0]!) ?? 0) + 1);
    expect([...firsts.values()]).toEqual([2, 2, 2]);
  });

  it('budgets the proxy over the bare pipe and reports the proxy over straight without a budget', () => {
    const [overBare, overStraight] = legRatioRows({
      straight: [2, 2, 2],
      bare: [3, 3, 4],
      proxy: [3.3, 3.3, 4],
    });
    expect(overBare).toMatchObject({ id: 'proxy-leg-over-bare', budget: '<= 1.15', status: 'PASS' });
    expect(overBare!.summary!.median).toBeCloseTo(1.1);
    expect(overBare!.summary!.min).toBeCloseTo(1);
    expect(overBare!.summary!.max).toBeCloseTo(1.1);
    expect(overStraight).toMatchObject({ id: 'proxy-leg-over-straight', status: 'REPORT' });
    expect(overStraight!.budget).toBeUndefined();
    expect(overStraight!.summary!.median).toBeCloseTo(1.65);
  });

  it("gives each ratio's range as the same ratio of medians in blocks of rounds, so the range holds the median", () => {
    // 200 rounds: the first 100 with the proxy 1.1 × the bare pipe, the next 100 with it 1.3 ×; two rounds have a
    // fast bare leg and a slow proxy leg (per-round ratios of 100, far from what any block's medians say)
    const odd = (i: number) => i === 3 || i === 103;
    const bare = Array.from({ length: 200 }, (_, i) => (odd(i) ? 0.5 : 10));
    const proxy = Array.from({ length: 200 }, (_, i) => (odd(i) ? 50 : i < 100 ? 11 : 13));
    const [overBare] = legRatioRows({ straight: Array<number>(200).fill(5), bare, proxy });
    const { median, min, max, runs } = overBare!.summary!;
    expect(min).toBeCloseTo(1.1);
    expect(max).toBeCloseTo(1.3);
    expect(median).toBeCloseTo(1.3);
    expect(runs).toBe(200);
  });

  it('fails the budget when the proxy costs more than 1.15 times the bare pipe', () => {
    const [overBare] = legRatioRows({ straight: [2], bare: [3], proxy: [3.6] });
    expect(overBare!.status).toBe('FAIL');
  });

  it('refuses sides of unequal length rather than pairing the wrong legs', () => {
    expect(() => legRatioRows({ straight: [2], bare: [3, 3], proxy: [3] })).toThrow(/unequal/);
  });
});
