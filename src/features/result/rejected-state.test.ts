import { describe, expect, it } from 'vitest';
import { mintV1 } from '../../protocol/request-state/tokens.fixtures.ts';
import { testLeg, type TestLegInput } from '../../protocol/lint/lint-legs.fixtures.ts';
import type { Leg } from '../../session/model.ts';
import { rejectedStateFacts } from './rejected-state.ts';

const REJECTED = { code: -32602, message: 'Invalid or expired requestState' };
const SENT_AT = 1_800_000_000_000; // ms

function leg(input: TestLegInput): Leg {
  const l = testLeg(input);
  return {
    id: 'leg-2',
    conversationId: 'c',
    parentLegId: 'leg-1',
    rpcId: l.rpcId,
    exchange: { ...l.exchange, startedAt: SENT_AT },
    outcome: l.outcome,
    sent: { ...l.sent, params: {} },
  };
}

describe('rejectedStateFacts', () => {
  it('says the state was edited when the user changed it and the server answered an error', () => {
    const facts = rejectedStateFacts(
      leg({
        requestState: 'v1.abc.xyZ',
        error: REJECTED,
        sent: { requestStateEdited: true, originalRequestState: 'v1.abc.xyz' },
      }),
    );
    expect(facts).toEqual({ edited: true, hasServerState: true });
  });

  it('counts the seconds between exp and the send when a v1 state had expired before it was sent', () => {
    const token = mintV1({ step: 'confirm' }, SENT_AT / 1000 - 7);
    const facts = rejectedStateFacts(
      leg({ requestState: token, error: REJECTED, sent: { originalRequestState: token } }),
    );
    expect(facts).toEqual({ edited: false, hasServerState: true, expiredSecondsBeforeSend: 7 });
  });

  it('returns nothing when the state was unedited and still valid at send time', () => {
    const token = mintV1({ step: 'confirm' }, SENT_AT / 1000 + 30);
    expect(rejectedStateFacts(leg({ requestState: token, error: REJECTED }))).toBeUndefined();
  });

  it('returns nothing when the leg did not end in an error, even with an edited state', () => {
    const facts = rejectedStateFacts(leg({ requestState: 'x', sent: { requestStateEdited: true } }));
    expect(facts).toBeUndefined();
  });

  it('knows there is no server state to resend when the server gave none on that round', () => {
    const facts = rejectedStateFacts(
      leg({ requestState: 'invented', error: REJECTED, sent: { requestStateEdited: true } }),
    );
    expect(facts).toEqual({ edited: true, hasServerState: false });
  });
});
