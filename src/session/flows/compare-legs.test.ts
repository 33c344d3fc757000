import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../protocol/classify.ts';
import { compareFacts, compareRounds, factsLine, legFacts, parseIgnore } from './compare-legs.ts';

const asks = (keys: string[], message = 'Which?'): Outcome => ({
  kind: 'input_required',
  result: {},
  inputRequests: Object.fromEntries(keys.map((k) => [k, { method: 'elicitation/create', params: { message } }])),
  stateOnly: false,
});
const done = (text: string, extra: Record<string, unknown> = {}): Outcome => ({
  kind: 'complete',
  result: { resultType: 'complete', content: [{ type: 'text', text }], _meta: { t: Date.now() }, ...extra } as never,
  resultTypeMissing: false,
});

describe('compareFacts', () => {
  it('finds nothing when two legs differ only in _meta', () => {
    expect(compareFacts(legFacts(done('ok')), legFacts(done('ok')))).toEqual([]);
  });

  it('names the keys asked and the content path when a round changed', () => {
    expect(compareFacts(legFacts(asks(['region'])), legFacts(asks(['region', 'size'])))).toEqual([
      { field: 'keys asked', recorded: 'region', live: 'region, size' },
      {
        field: 'content',
        path: 'inputRequests.size',
        recorded: '(absent)',
        live: '{"method":"elicitation/create","params":{"message":"Which?"}}',
      },
    ]);
    expect(compareFacts(legFacts(done('Provisioned a')), legFacts(done('Provisioned b')))).toEqual([
      { field: 'content', path: 'content.0.text', recorded: '"Provisioned a"', live: '"Provisioned b"' },
    ]);
  });

  it('reports the result type and error code when one side failed', () => {
    const error: Outcome = { kind: 'error', error: { code: -32602, message: 'Invalid or expired requestState' } };
    expect(compareFacts(legFacts(done('ok')), legFacts(error)).map((d) => d.field)).toEqual([
      'result type',
      'error code',
    ]);
  });

  it('leaves out ignored paths, with * matching any key', () => {
    const ignore = parseIgnore(['content.*.text', 'inputRequests.*.params.message']);
    expect(compareFacts(legFacts(done('a'), ignore), legFacts(done('b'), ignore))).toEqual([]);
    expect(compareFacts(legFacts(asks(['k'], 'x'), ignore), legFacts(asks(['k'], 'y'), ignore))).toEqual([]);
  });
});

describe('compareRounds', () => {
  it('lines two runs up round by round and finds them the same when only _meta differs', () => {
    const rounds = compareRounds([asks(['region']), done('ok')], [asks(['region']), done('ok')]);
    expect(rounds.map((r) => [r.round, factsLine(r.recorded), r.differences.length])).toEqual([
      [1, 'input_required, asks region', 0],
      [2, 'complete', 0],
    ]);
  });

  it('marks a round only one run reached when the runs have different lengths', () => {
    expect(compareRounds([asks(['a']), done('ok')], [asks(['a'])])[1]!.differences).toEqual([
      { field: 'round', recorded: 'complete', live: '(not reached)' },
    ]);
    expect(compareRounds([done('ok')], [asks(['a']), done('ok')]).map((r) => r.differences[0]?.field)).toEqual([
      'result type',
      'round',
    ]);
  });

  it('applies the ignore list to every round when volatile fields are named', () => {
    const ignore = parseIgnore(['content.0.text']);
    expect(compareRounds([done('at 10:01')], [done('at 10:02')], ignore)[0]!.differences).toEqual([]);
    expect(compareRounds([done('at 10:01')], [done('at 10:02')])[0]!.differences).toHaveLength(1);
  });
});
