import { describe, expect, it } from 'vitest';
import { serverLogReason, type TimedLogLine } from './server-log-reason.ts';

const FROZEN = { code: -32602, message: 'Invalid or expired requestState' };
const log: TimedLogLine[] = [
  { at: 1_000, line: 'INFO Processing request of type CallToolRequest' },
  { at: 9_950, line: 'requestState rejected on tools/call: seal' },
  { at: 9_990, line: 'INFO Processing request of type CallToolRequest' },
];

describe('serverLogReason', () => {
  it("finds the line naming the reason written as the server refused the state (the Python SDK's)", () => {
    expect(serverLogReason({ at: 10_000, error: FROZEN }, log)).toEqual(log[1]);
  });

  it('takes the nearest of several reasons', () => {
    const two = [...log, { at: 2_000, line: 'requestState rejected on tools/call: expired' }];
    expect(serverLogReason({ at: 2_100, error: FROZEN }, two)?.line).toBe(
      'requestState rejected on tools/call: expired',
    );
  });

  it('says nothing for a line too far from the refusal', () => {
    expect(serverLogReason({ at: 20_000, error: FROZEN }, log)).toBeUndefined();
  });

  it('says nothing for another error, even beside a reason line', () => {
    expect(serverLogReason({ at: 10_000, error: { code: -32602, message: 'Invalid params' } }, log)).toBeUndefined();
    expect(
      serverLogReason({ at: 10_000, error: { code: -32603, message: 'Invalid or expired requestState' } }, log),
    ).toBeUndefined();
    expect(serverLogReason({ at: 10_000 }, log)).toBeUndefined();
  });

  it('ignores log lines that name no refused state', () => {
    expect(serverLogReason({ at: 1_000, error: FROZEN }, log)).toBeUndefined();
  });
});
