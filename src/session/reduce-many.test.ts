import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_CAPABILITIES } from '../protocol/envelope.ts';
import type { SessionEvent } from './events.ts';
import { emptySession, type SessionState } from './model.ts';
import { reduce } from './reducer.ts';
import { reduceMany } from './reduce-many.ts';
import { answeredExchange, ctx } from './session-events.fixtures.ts';

const asked = {
  resultType: 'input_required',
  inputRequests: { region: { method: 'elicitation/create', params: { message: 'Which region?' } } },
  requestState: 'state-1',
};
const done = { resultType: 'complete', content: [{ type: 'text', text: 'ok' }] };
const sent = {
  answeredKeys: [],
  unansweredKeys: [],
  requestStateEdited: false,
  bodyEdited: false,
  capabilities: {},
  params: {},
};

function tamperRow(mutationId: string) {
  return { mutationId, label: mutationId, description: '', requestState: null, status: 'pending' as const };
}

const conv = fc.constantFrom('c0', 'c1', 'c2', 'f0', 'f1');
const leg = fc.constantFrom('l0', 'l1', 'l2', 'l3', 'l4', 'l5');
const event: fc.Arbitrary<SessionEvent> = fc.oneof(
  conv.map((id) => ({
    type: 'conversation/started' as const,
    kind: 'call' as const,
    id,
    title: id,
    method: 'tools/call',
    params: { name: 'provision' },
    serverUrl: ctx.url,
    capabilities: ALL_CAPABILITIES,
    at: 1,
  })),
  fc.record({ c: conv, l: leg, rpc: fc.nat(9), ask: fc.boolean() }).map(({ c, l, rpc, ask }) => ({
    type: 'leg/recorded' as const,
    conversationId: c,
    legId: l,
    rpcId: rpc,
    exchange: answeredExchange(rpc, ask ? asked : done),
    sent,
  })),
  conv.map((c) => ({ type: 'leg/sent' as const, conversationId: c, rpcId: 1, at: 2 })),
  fc.record({ c: conv, v: fc.constantFrom('accept', 'decline') }).map(({ c, v }) => ({
    type: 'draft/answer' as const,
    conversationId: c,
    key: 'region',
    response: { action: v },
  })),
  conv.map((c) => ({ type: 'draft/reset' as const, conversationId: c })),
  fc.record({ c: conv, v: fc.constantFrom('accept', 'cancel') }).map(({ c, v }) => ({
    type: 'draft/answers' as const,
    conversationId: c,
    answers: { region: { action: v } },
  })),
  fc.record({ c: conv, run: fc.constantFrom('r0', 'r1') }).map(({ c, run }) => ({
    type: 'tamper/planned' as const,
    conversationId: c,
    run: { id: run, startedAt: 1, rows: [tamperRow('m0'), tamperRow('m1')] },
  })),
  fc.record({ c: conv, run: fc.constantFrom('r0', 'r1'), m: fc.constantFrom('m0', 'm1') }).map(({ c, run, m }) => ({
    type: 'tamper/row' as const,
    conversationId: c,
    runId: run,
    mutationId: m,
    patch: { status: 'sent' as const, branchId: 'f1' },
  })),
  fc.record({ c: conv, run: fc.constantFrom('r0', 'r1') }).map(({ c, run }) => ({
    type: 'tamper/finished' as const,
    conversationId: c,
    runId: run,
  })),
  fc.record({ c: conv, id: conv }).map(({ c, id }) => ({
    type: 'draft/forked' as const,
    conversationId: c,
    id,
    at: 4,
    requestState: null,
  })),
  fc
    .record({ l: leg, id: conv })
    .map(({ l, id }) => ({ type: 'conversation/forked' as const, fromLegId: l, id, at: 3 })),
  conv.map((c) => ({ type: 'conversation/removed' as const, conversationId: c })),
);

describe('reduceMany', () => {
  it('gives the same state as folding reduce when any sequence of events is applied', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (events) => {
        expect(reduceMany(emptySession, events)).toStrictEqual(events.reduce(reduce, emptySession));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves the input state untouched when it applies events on top of it', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), fc.array(event, { maxLength: 30 }), (first, second) => {
        const base: SessionState = first.reduce(reduce, emptySession);
        const snapshot = structuredClone(base);
        const next = reduceMany(base, second);
        expect(base).toStrictEqual(snapshot);
        expect(next).toStrictEqual(second.reduce(reduce, base));
      }),
      { numRuns: 200 },
    );
  });

  it('returns the very same state object when no event changes anything', () => {
    const state = reduceMany(emptySession, [{ type: 'draft/reset', conversationId: 'missing' }]);
    expect(state).toBe(emptySession);
  });
});
