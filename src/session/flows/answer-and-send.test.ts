import { describe, expect, it } from 'vitest';
import type { RunNote } from './flow-deps.ts';
import { fakeWorld } from './flow.fixtures.ts';
import { answerAndSend, type AnswerDeps } from './answer-and-send.ts';
import type { HoldMode } from '../hold-rule.ts';

const asks = {
  resultType: 'input_required',
  inputRequests: { region: { method: 'elicitation/create', params: { mode: 'form', message: 'Which region?' } } },
  requestState: 'state-1',
};
const done = { content: [{ type: 'text', text: 'done' }] };

/** A call paused on one question, and the deps the flow needs, with what it noted and sent. */
async function paused(mode: HoldMode) {
  const world = fakeWorld((_, params) => (params.inputResponses ? done : asks));
  const id = world.start('provision');
  await world.send(id);
  const notes: RunNote[] = [];
  const deps: AnswerDeps = {
    dispatch: world.deps.dispatch,
    conversation: () => world.session().conversations[id],
    holdMode: () => mode,
    send: () => world.send(id),
    note: (n) => notes.push(n),
  };
  return { world, id, notes, deps };
}

const accept = { action: 'accept', content: { region: 'eu-west-1' } };

describe('answerAndSend', () => {
  it('holds the leg for Send retry when the connection holds always and the user pressed Accept', async () => {
    const { world, id, notes, deps } = await paused('always');
    expect(await answerAndSend(id, 'region', accept, false, deps)).toBe(false);
    expect(world.session().conversations[id]?.legIds).toHaveLength(1);
    expect(notes).toEqual([]);
  });

  it('sends at once and notes what went out when the user pressed Accept and send', async () => {
    const { world, id, notes, deps } = await paused('always');
    expect(await answerAndSend(id, 'region', accept, true, deps)).toBe(true);
    const legs = world.session().conversations[id]?.legIds ?? [];
    expect(legs).toHaveLength(2);
    expect(notes).toEqual([{ kind: 'sent', message: 'Leg 2 went out at once (Accept and send)', legId: legs[1] }]);
  });

  it('sends a plain Accept at once when the connection holds only edited legs', async () => {
    const { world, id, deps } = await paused('edits');
    expect(await answerAndSend(id, 'region', accept, false, deps)).toBe(true);
    expect(world.session().conversations[id]?.legIds).toHaveLength(2);
  });

  it('holds an edited leg and names the edit when the user pressed Accept and send', async () => {
    const { world, id, notes, deps } = await paused('edits');
    world.deps.dispatch({ type: 'draft/headers', conversationId: id, headers: { 'X-Test': '1' } });
    expect(await answerAndSend(id, 'region', accept, true, deps)).toBe(false);
    expect(world.session().conversations[id]?.legIds).toHaveLength(1);
    expect(notes[0]?.kind).toBe('held');
    expect(notes[0]?.message).toContain('you edited headers');
  });
});
