import { describe, expect, it } from 'vitest';
import { testSession } from '../../session/io/session.fixtures.ts';
import { describeLeg } from './captions.ts';

const s = testSession();
const c1 = s.conversations.c1!;

describe('presenter captions', () => {
  it('says what the server needs and that it returns when it asks for input', () => {
    const story = describeLeg(c1, s.legs['leg-1']!, 1);
    expect(story.caption).toBe(
      'The client calls provision. The server cannot finish: it needs a region. It returns instead of calling back, handing over a requestState that carries its progress.',
    );
    expect(story.response).toBe('input_required: asks region');
  });

  it('names the answers and the echoed state when the client retries and the call completes', () => {
    const story = describeLeg(c1, s.legs['leg-2']!, 2);
    expect(story.caption).toBe(
      'The client calls provision again as a new request (id 2) with its answers (region: eu-west-1) and the requestState echoed back byte for byte. The server has everything it needs and finishes: “Provisioned orders in eu-west-1”.',
    );
    expect(story.tone).toBe('done');
  });

  it('explains that nothing came back when the network failed', () => {
    const story = describeLeg(s.conversations.c2!, s.legs['leg-3']!, 1);
    expect(story.caption).toMatch(
      /^The client calls slow_job\. Nothing came back: the request never reached the server/,
    );
    expect(story.tone).toBe('fail');
  });

  it('describes a state-only leg as come back later when the server asks for nothing', () => {
    const leg = s.legs['leg-1']!;
    const stateOnly = {
      ...leg,
      outcome: { kind: 'input_required' as const, result: {}, requestState: 'x', stateOnly: true },
    };
    expect(describeLeg(c1, stateOnly, 1).caption).toContain(
      'it returns only its requestState, meaning “come back later”',
    );
  });

  it('names the error code and its meaning when the server refuses', () => {
    const leg = s.legs['leg-2']!;
    const refused = {
      ...leg,
      outcome: { kind: 'error' as const, error: { code: -32602, message: 'Invalid or expired requestState' } },
    };
    expect(describeLeg(c1, refused, 2).caption).toContain(
      'The server refuses with error -32602: “Invalid or expired requestState” (invalid params',
    );
  });
});
