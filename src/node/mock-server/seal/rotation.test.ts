import { describe, expect, it } from 'vitest';
import { keyRing, mintSealed, openSealed, type SealPolicy, type SealRequest } from './seal-codec.ts';
import { ROTATION_STEPS, type RotationStep } from './seal-routes.ts';

const KEYS = { OLD: 'old-key-material-of-at-least-32-bytes!', NEW: 'new-key-material-of-at-least-32-bytes!' };
const POLICY: SealPolicy = { ttlSeconds: 600, audience: 'seal-rotation', bindPrincipal: false };
const REQ: SealRequest = { method: 'tools/call', target: 'transfer_funds', arguments: { amount: 1 }, principal: null };
const NOW = 1_800_000_000_000;

const ring = (step: RotationStep, i: 0 | 1) => keyRing(ROTATION_STEPS[step][i].map((k) => KEYS[k]));

/** A round minted by each instance at `from`, answered on each instance at `to`: "ab" = minted on a, answered on b. */
function inFlight(from: RotationStep, to: RotationStep): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const m of [0, 1] as const)
    for (const v of [0, 1] as const) {
      const token = mintSealed(ring(from, m), POLICY, REQ, { q: {} }, NOW);
      let ok = true;
      try {
        openSealed(ring(to, v), POLICY, REQ, token, NOW + 1000);
      } catch {
        ok = false;
      }
      out[`${'ab'[m]}${'ab'[v]}`] = ok;
    }
  return out;
}

const ALL = { aa: true, ab: true, ba: true, bb: true };

describe('mock: the key rotation drill (keys[0] mints, every key verifies)', () => {
  it('keeps every round in flight when each phase is rolled out before the next', () => {
    const order: RotationStep[] = ['old', 'verify-new-half', 'verify-new', 'mint-new-half', 'mint-new'];
    for (let i = 1; i < order.length; i++)
      expect(inFlight(order[i - 1]!, order[i]!), `${order[i - 1]} -> ${order[i]}`).toEqual(ALL);
    // and within each step, any instance finishes any other's round
    for (const step of order) expect(inFlight(step, step), step).toEqual(ALL);
  });

  it('drops rounds minted with OLD when OLD is retired without waiting a TTL after phase 2', () => {
    expect(inFlight('mint-new', 'retire-old')).toEqual(ALL); // minted with NEW: fine
    expect(inFlight('verify-new', 'retire-old')).toEqual({ aa: false, ab: false, ba: false, bb: false });
  });

  it('drops rounds one way when the minter is promoted first', () => {
    expect(inFlight('minter-first', 'minter-first')).toEqual({ aa: true, ab: false, ba: true, bb: true });
    expect(inFlight('old', 'minter-first')).toEqual(ALL);
  });
});
