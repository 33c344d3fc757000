import { describe, expect, it } from 'vitest';
import { composeRequest } from './compose.ts';
import type { SessionEvent } from './events.ts';
import { emptySession, type SessionState } from './model.ts';
import { reduce } from './reducer.ts';
import { branchSummaries, conversationFamily } from './selectors.ts';
import { apply, ctx, provisionStarted, send } from './session-events.fixtures.ts';

const accept = { action: 'accept', content: { region: 'eu-west-1' } };
const asked = {
  resultType: 'input_required',
  inputRequests: {
    region: { method: 'elicitation/create', params: { message: 'Which region?', requestedSchema: {} } },
  },
  requestState: 'state-1',
};

/** provision: asked, answered accept, completed. */
function completed(): SessionState {
  let s = send(reduce(emptySession, provisionStarted()), 'l1', asked);
  s = reduce(s, { type: 'draft/answer', conversationId: 'c1', key: 'region', response: accept });
  return send(s, 'l2', { content: [{ type: 'text', text: 'Provisioned orders in eu-west-1' }] });
}

describe('forks', () => {
  it('lets a branch decline instead of accept and keeps both outcomes side by side', () => {
    let s = reduce(completed(), { type: 'conversation/forked', fromLegId: 'l2', id: 'c2', at: 1 });
    s = reduce(s, { type: 'draft/answers', conversationId: 'c2', answers: { region: { action: 'decline' } } });
    s = send(s, 'l3', { isError: true, content: [{ type: 'text', text: 'Provisioning declined' }] }, 'c2');
    expect(s.legs.l3?.parentLegId).toBe('l1');
    expect(s.legs.l3?.sent.requestState).toBe('state-1');
    const cards = branchSummaries(s, 'c2');
    expect(cards.map((c) => [c.isOriginal, c.sent, c.outcome])).toEqual([
      [true, [], 'Provisioned orders in eu-west-1'],
      [false, ['region: decline'], 'isError: Provisioning declined'],
    ]);
    expect(cards[1]?.forkPoint).toBe('resends round 2');
  });

  it('resets a forked draft to the answers of the leg it resends', () => {
    let s = reduce(completed(), { type: 'conversation/forked', fromLegId: 'l2', id: 'c2', at: 1 });
    s = reduce(s, { type: 'draft/answers', conversationId: 'c2', answers: {} });
    s = reduce(s, { type: 'draft/reset', conversationId: 'c2', part: 'answers' });
    expect(s.conversations.c2?.draft?.answers).toEqual({ region: accept });
  });

  it('copies a paused draft with an overridden requestState and tags it when forked for the tamper matrix', () => {
    let s = send(
      apply(emptySession, {
        type: 'conversation/started',
        kind: 'call',
        id: 'c1',
        title: 'pay',
        method: 'tools/call',
        params: { name: 'pay' },
        serverUrl: ctx.url,
        capabilities: {},
        at: 0,
      }),
      'l1',
      asked,
    );
    s = reduce(s, { type: 'draft/answer', conversationId: 'c1', key: 'region', response: accept });
    const tamper = { runId: 'r1', mutationId: 'drop', label: 'Drop requestState' };
    s = reduce(s, { type: 'draft/forked', conversationId: 'c1', id: 't1', at: 2, requestState: null, tamper });
    const fork = s.conversations.t1!;
    expect(fork.legIds).toEqual(['l1']);
    expect(fork.draft?.answers).toEqual({ region: accept });
    expect(fork.draft?.requestState).toBeUndefined();
    expect(fork.draft?.rpcId).not.toBe(s.conversations.c1?.draft?.rpcId);
    expect(fork.forkOf).toEqual({ conversationId: 'c1', legId: 'l1', atDraft: true });
    expect(fork.tamper).toEqual(tamper);
    expect(composeRequest(fork, fork.draft!, ctx).sent.requestStateEdited).toBe(true);
    // the paused draft is untouched
    expect(s.conversations.c1?.draft?.requestState).toBe('state-1');
    expect(conversationFamily(s, 't1').map((c) => c.id)).toEqual(['c1', 't1']);
  });

  it('records tamper rows on the source conversation when a run is planned and progresses', () => {
    let s = completed();
    s = send(reduce(s, { type: 'conversation/forked', fromLegId: 'l1', id: 'c2', at: 1 }), 'l9', asked, 'c2');
    const row = { mutationId: 'empty', label: 'Empty', description: '', requestState: '', status: 'pending' as const };
    s = apply(
      s,
      { type: 'tamper/planned', conversationId: 'c2', run: { id: 'r1', startedAt: 3, rows: [row] } },
      {
        type: 'tamper/row',
        conversationId: 'c2',
        runId: 'r1',
        mutationId: 'empty',
        patch: { status: 'sent', branchId: 'x' },
      },
      { type: 'tamper/row', conversationId: 'c2', runId: 'other', mutationId: 'empty', patch: { status: 'skipped' } },
      { type: 'tamper/finished', conversationId: 'c2', runId: 'r1' },
    );
    expect(s.conversations.c2?.tamperRun).toEqual({
      id: 'r1',
      startedAt: 3,
      finished: true,
      rows: [{ ...row, status: 'sent', branchId: 'x' }],
    });
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });
});

describe('draft reset and edits', () => {
  /** a branch c2 paused before resending round 2 */
  function paused(): SessionState {
    return reduce(completed(), { type: 'conversation/forked', fromLegId: 'l2', id: 'c2', at: 1 });
  }

  it('puts back one part at a time when reset with a part', () => {
    const fresh = reduce(completed(), { type: 'conversation/forked', fromLegId: 'l1', id: 'c2', at: 1 });
    let s = apply(
      fresh,
      { type: 'draft/rpc-id', conversationId: 'c2', rpcId: 'custom' },
      { type: 'draft/params', conversationId: 'c2', params: { name: 'provision', arguments: { name: 'x' } } },
      { type: 'draft/capabilities', conversationId: 'c2', capabilities: {} },
      { type: 'draft/headers', conversationId: 'c2', headers: { 'X-A': '1' } },
    );
    s = reduce(s, { type: 'draft/reset', conversationId: 'c2', part: 'rpcId' });
    const d = s.conversations.c2!.draft!;
    expect(d.rpcId).toBe(fresh.conversations.c2!.draft!.rpcId);
    expect(d.params).toEqual({ name: 'provision', arguments: { name: 'x' } });
    s = reduce(s, { type: 'draft/reset', conversationId: 'c2' });
    expect(s.conversations.c2!.draft).toEqual(fresh.conversations.c2!.draft);
  });

  it('keeps a server key named __proto__ as an answer key when answered', () => {
    const s = reduce(paused(), { type: 'draft/answer', conversationId: 'c2', key: '__proto__', response: accept });
    expect(Object.keys(s.conversations.c2!.draft!.answers)).toEqual(['region', '__proto__']);
  });

  it('marks the state as edited when it is changed inside a hand-edited body', () => {
    let s = paused();
    const c = s.conversations.c2!;
    const body = composeRequest(c, c.draft!, ctx).body.replace('state-1', 'state-X');
    s = reduce(s, { type: 'draft/body', conversationId: 'c2', body });
    const sent = composeRequest(s.conversations.c2!, s.conversations.c2!.draft!, ctx).sent;
    expect(sent).toMatchObject({ requestState: 'state-X', requestStateEdited: true, bodyEdited: true });
    expect(sent.answeredKeys).toEqual(['region']);
  });

  it("keeps a tapped conversation's legs going to the fresh instance its first leg went to; others go back to their server", () => {
    const fresh = 'http://127.0.0.1:6280/__tap/t1/1/mcp';
    const other = 'http://other.test/mcp';
    const started = (id: string, serverUrl: string) => ({ ...provisionStarted(id), serverUrl }) as SessionEvent;
    let s = reduce(emptySession, started('c1', 'stdio: python server.py'));
    s = reduce(s, started('c2', ctx.url));
    s = reduce(s, { type: 'draft/target', conversationId: 'c1', url: fresh });
    s = reduce(s, { type: 'draft/target', conversationId: 'c2', url: other });
    s = send(send(s, 'l1', asked, 'c1'), 'l2', asked, 'c2');
    // the tapped process itself cannot be reached: the retry carries the fresh instance's state back to it
    expect(s.conversations.c1?.draft?.target).toBe(fresh);
    expect(s.conversations.c2?.draft?.target).toBeUndefined();
  });
});
