import { describe, expect, it } from 'vitest';
import { goneSessionId, isSessionGone, SessionRenewal, sessionGoneLabel } from './session-renewal.ts';

/** A session whose restart waits until the test lets it finish. */
function fakeSession(first = 's1') {
  let id: string | undefined = first;
  let restarts = 0;
  let renewed = 0;
  let finish: (ok: boolean) => void = () => undefined;
  const renewal = new SessionRenewal({
    current: () => id,
    restart: () => {
      restarts++;
      id = undefined;
      return new Promise<void>((resolve, reject) => {
        finish = (ok) => {
          if (!ok) return reject(new Error('initialize refused'));
          id = `s${restarts + 1}`;
          resolve();
        };
      });
    },
    renewed: () => void renewed++,
  });
  return { renewal, finish: (ok: boolean) => finish(ok), counts: () => ({ restarts, renewed }), id: () => id };
}

describe('session renewal', () => {
  it('starts one new session however many requests hit the 404, and they all wait for it', async () => {
    const s = fakeSession();
    const a = s.renewal.renew('s1');
    const b = s.renewal.renew('s1');
    expect(s.renewal.underWay).toBe(true);
    s.finish(true);
    await Promise.all([a, b, s.renewal.settled()]);
    expect(s.counts()).toEqual({ restarts: 1, renewed: 1 });
    expect(s.id()).toBe('s2');
    expect(s.renewal.underWay).toBe(false);
  });

  it('a 404 to an id already replaced starts nothing', async () => {
    const s = fakeSession('s2');
    await s.renewal.renew('s1');
    expect(s.counts()).toEqual({ restarts: 0, renewed: 0 });
  });

  it('a refused initialize rejects the renewal and is not told as renewed', async () => {
    const s = fakeSession();
    const failed = s.renewal.renew('s1');
    s.finish(false);
    await expect(failed).rejects.toThrow('initialize refused');
    await s.renewal.settled();
    expect(s.counts()).toEqual({ restarts: 1, renewed: 0 });
    expect(s.renewal.underWay).toBe(false);
  });

  it('reads a 404 to a request that carried an id as that session gone, and labels the exchange so', () => {
    expect(goneSessionId(404, 's1')).toBe('s1');
    expect(goneSessionId(404, undefined)).toBeUndefined();
    expect(goneSessionId(400, 's1')).toBeUndefined();
    expect(isSessionGone(sessionGoneLabel('tools/call'), 'tools/call')).toBe(true);
    expect(isSessionGone('tools/call', 'tools/call')).toBe(false);
  });
});
