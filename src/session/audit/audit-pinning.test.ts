import { describe, expect, it } from 'vitest';
import type { InputRequests } from '../../protocol/types.ts';
import { pinningCheck } from './audit-pinning.ts';

const ask = (message: string): InputRequests => ({
  confirm: { method: 'elicitation/create', params: { mode: 'form', message, requestedSchema: { type: 'object' } } },
});

describe('pinningCheck', () => {
  it('passes a question asked once and answered', () => {
    expect(pinningCheck([ask('Pay 5?')], true)).toMatchObject({
      status: 'pass',
      evidence: expect.stringMatching(/asked once/),
    });
  });

  it('passes one re-ask after the wording changed, then the answer used (a redeploy)', () => {
    const check = pinningCheck([ask('Pay 5?'), ask('Confirm: pay 5.')], true);
    expect(check.status).toBe('pass');
    expect(check.evidence).toContain('"Pay 5?" -> "Confirm: pay 5."');
  });

  it('warns when a new message comes every round and the call never settles, with the advice', () => {
    const check = pinningCheck([ask('Rate 1.01?'), ask('Rate 1.02?'), ask('Rate 1.03?'), ask('Rate 1.04?')], false);
    expect(check.status).toBe('warn');
    expect(check.evidence).toMatch(/new message each round \(4 rounds, never settled\)/);
    expect(check.fix).toMatch(/not from per-call data/);
  });

  it('cannot judge the same question asked again (the answer may not satisfy it), nor a state-only round', () => {
    expect(pinningCheck([ask('Pay?'), ask('Pay?')], false).status).toBe('skip');
    expect(pinningCheck([{}], true).status).toBe('skip');
  });
});
