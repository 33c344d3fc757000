import { describe, expect, it } from 'vitest';
import { accept, askResult } from '../../protocol/lint/lint-legs.fixtures.ts';
import { sessionWith } from './timeline.fixtures.ts';
import { sequenceDiagram } from './timeline-sequence.ts';
import { timelineRows } from './timeline-rows.ts';
import { waterfall } from './timeline-waterfall.ts';

describe('sequenceDiagram', () => {
  it('labels each arrow in plain words when a form round is answered', () => {
    const state = sessionWith([
      {
        id: 'c',
        legs: [
          { result: askResult(['region'], 'S') },
          { requestState: 'S', inputResponses: { region: accept('eu') }, result: { resultType: 'complete' } },
        ],
      },
    ]);
    const d = sequenceDiagram(state, state.conversations.c!);
    expect(d.lanes).toEqual(['user', 'inspector', 'server']);
    expect(d.steps.map((s) => `${s.from}>${s.to}: ${s.label}`)).toEqual([
      'inspector>server: client calls tools/call provision',
      'server>inspector: server asks for region and hands over state',
      'inspector>user: inspector shows a form for region',
      'user>inspector: you accepted region',
      'inspector>server: client answers region and echoes state',
      'server>inspector: server completes',
    ]);
  });
  it('adds a browser lane when the server asks for a URL-mode elicitation', () => {
    const state = sessionWith([
      {
        id: 'c',
        legs: [
          {
            result: {
              resultType: 'input_required',
              inputRequests: {
                login: {
                  method: 'elicitation/create',
                  params: { mode: 'url', message: 'Sign in', url: 'https://x.test' },
                },
              },
              requestState: 'w',
            },
          },
        ],
      },
    ]);
    const d = sequenceDiagram(state, state.conversations.c!);
    expect(d.lanes).toContain('browser');
    expect(d.steps.some((s) => s.to === 'browser')).toBe(true);
  });
});

describe('waterfall', () => {
  it('separates think time from server time when the user paused between legs', () => {
    const state = sessionWith([
      {
        id: 'c',
        legs: [
          { startedAt: 0, durationMs: 50, result: askResult(['q'], 'S') },
          { startedAt: 2050, durationMs: 30, requestState: 'S', inputResponses: { q: accept('1') } },
        ],
      },
    ]);
    const w = waterfall(timelineRows(state)[0]!);
    expect(w.bars).toEqual([
      { legId: expect.any(String), round: 1, thinkStart: 0, thinkMs: 0, serverStart: 0, serverMs: 50 },
      { legId: expect.any(String), round: 2, thinkStart: 50, thinkMs: 2000, serverStart: 2050, serverMs: 30 },
    ]);
    expect(w).toMatchObject({ spanMs: 2080, serverMs: 80, thinkMs: 2000 });
  });
});
