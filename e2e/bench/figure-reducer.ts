/**
 * Figure: the session reducer applying a long session's event log (a few thousand conversations of 1-5 legs, see
 * session-gen.ts): through `reduceMany` (the batch path: a watched exchange's legs are recorded through it), through a fold of `reduce` one event
 * at a time (what live dispatch does), and the cost of one more live leg on top of the long session.
 */
import { emptySession } from '../../src/session/model.ts';
import { reduceMany } from '../../src/session/reduce-many.ts';
import { reduce } from '../../src/session/reducer.ts';
import { row, type FigureRow } from './report.ts';
import { generateSession, LEG_COUNT_WEIGHTS } from './session-gen.ts';
import { summarize } from './stats.ts';

export function measureReducer(legs: number, runs: number, foldRuns: number): FigureRow[] {
  const g = generateSession(legs);
  const shape = `${g.legs} legs in ${g.conversations} conversations (1-5 legs, weights ${LEG_COUNT_WEIGHTS.join('/')}: ${g.histogram.join('/')}), ${g.events.length} events`;

  reduceMany(emptySession, g.events); // warm-up
  const batch: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const out = reduceMany(emptySession, g.events);
    batch.push(performance.now() - t0);
    if (Object.keys(out.legs).length !== g.legs) throw new Error('reduceMany lost legs');
  }

  const fold: number[] = [];
  for (let i = 0; i < foldRuns; i++) {
    const t0 = performance.now();
    let s = emptySession;
    for (const e of g.events) s = reduce(s, e);
    fold.push(performance.now() - t0);
  }

  const anyConversation = g.state.order[0] ?? '';
  const template = g.events.find((e) => e.type === 'leg/recorded');
  const live: number[] = [];
  if (template && template.type === 'leg/recorded') {
    for (let i = 0; i < 100; i++) {
      const t0 = performance.now();
      reduce(g.state, { ...template, conversationId: anyConversation, legId: `live-${i}` });
      live.push(performance.now() - t0);
    }
  }

  const rows = [
    row(
      {
        id: 'reducer-apply',
        figure: `session reducer: apply ${g.legs.toLocaleString('en-US')} legs (reduceMany)`,
        unit: 'ms',
        summary: summarize(batch),
        note: shape,
        details: { histogram: g.histogram, conversations: g.conversations, events: g.events.length, samples: batch },
      },
      { value: 100, text: '<= 100 ms' },
    ),
  ];
  rows.push(
    fold.length
      ? row({
          id: 'reducer-fold',
          figure: `same log folded through reduce, one event at a time`,
          unit: 'ms',
          summary: summarize(fold),
          note: 'reduce copies the legs and conversations records on every event: O(events × session size)',
        })
      : row({
          id: 'reducer-fold',
          figure: 'same log folded through reduce',
          unit: 'ms',
          note: 'not measured: skipped',
        }),
  );
  if (live.length) {
    rows.push(
      row({
        id: 'reducer-live-leg',
        figure: `one more live leg on a ${g.legs.toLocaleString('en-US')}-leg session (reduce)`,
        unit: 'ms',
        summary: summarize(live),
      }),
    );
  }
  return rows;
}
