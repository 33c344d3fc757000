import { describe, expect, it } from 'vitest';
import { clientScenarios, driverErrorOf, judge, type Check } from './outcome.ts';

const YAML = `# comment
server:
  - tools-list
client:
  - tools_call
  - auth/metadata-default
  - http-custom-headers

not_scored:
  - scenario: auth/dpop
    leg: client
`;

const ok = (id: string): Check => ({ id, status: 'SUCCESS' });
const bad = (id: string): Check => ({ id, name: `Name_${id}`, status: 'FAILURE' });
const reason = { reason: 'no OAuth yet' };

describe('clientScenarios', () => {
  it('returns only the client list of a requirements file when it has server and not_scored sections', () => {
    expect(clientScenarios(YAML)).toEqual(['tools_call', 'auth/metadata-default', 'http-custom-headers']);
  });
});

describe('judge', () => {
  it('passes when every check passed and the journey finished', () => {
    expect(judge('s', [ok('a'), { id: 'b', status: 'SKIPPED' }], undefined, undefined)).toMatchObject({
      verdict: 'passed',
      breaks: false,
      checks: 2,
    });
  });

  it('fails with the failing check names when a check failed', () => {
    const r = judge('s', [ok('a'), bad('b'), bad('b')], undefined, undefined);
    expect(r).toMatchObject({ verdict: 'failed', breaks: true, failed: 2 });
    expect(r.note).toBe('failed: Name_b');
  });

  it('fails when the checks passed but the journey did not finish', () => {
    expect(judge('s', [ok('a')], 'driver: result not shown', undefined)).toMatchObject({
      verdict: 'failed',
      breaks: true,
      note: 'driver: result not shown',
    });
  });

  it('breaks the run when a scenario reports 0 checks, even an expected failure', () => {
    expect(judge('s', [], undefined, reason)).toMatchObject({ verdict: 'no checks', breaks: true });
  });

  it('accepts a listed failure and says why it fails', () => {
    expect(judge('s', [bad('a')], 'x', reason)).toMatchObject({
      verdict: 'expected failure',
      breaks: false,
      note: 'no OAuth yet',
    });
  });

  it('breaks the run when a listed failure passes, so the list stays true', () => {
    expect(judge('s', [ok('a')], undefined, reason)).toMatchObject({ verdict: 'unexpectedly passed', breaks: true });
  });
});

describe('driverErrorOf', () => {
  it("returns the driver's own error line when the suite saw it exit non-zero", () => {
    expect(driverErrorOf('\nClient exited with code 1\n', 'noise\ndriver: journey x failed: boom\n')).toBe(
      'driver: journey x failed: boom',
    );
  });

  it('names a timeout when the suite stopped the client', () => {
    expect(driverErrorOf('Client timed out after 90000ms', '')).toBe('the journey timed out after 90000 ms');
  });

  it('returns nothing when the client exited cleanly', () => {
    expect(driverErrorOf('Passed: 2/2', 'driver: a warning that is not an exit')).toBeUndefined();
  });
});
