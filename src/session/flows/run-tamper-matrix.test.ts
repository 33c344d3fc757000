import { describe, expect, it } from 'vitest';
import { mintV1 } from '../../protocol/request-state/tokens.fixtures.ts';
import type { JsonObject } from '../../protocol/types.ts';
import { ask, done, fakeWorld, T0 } from './flow.fixtures.ts';
import { runTamperMatrix, type TamperMatrixDeps } from './run-tamper-matrix.ts';

const CONFIRM = { confirm: { method: 'elicitation/create', params: { message: 'ok?', requestedSchema: {} } } };

/** A conversation paused on a confirm question with `token` as its requestState; the server accepts any retry. */
async function paused(token: string) {
  const world = fakeWorld((_c, p: JsonObject) => (p.requestState === undefined ? ask(CONFIRM, token) : done('ok')));
  const id = world.start('pay');
  await world.send(id);
  const deps: TamperMatrixDeps = { ...world.deps, session: world.session, newId: world.newId, send: world.send };
  return { world, id, deps };
}

describe('runTamperMatrix', () => {
  it('sends one fork per planned mutation and leaves the paused draft alone when the matrix runs', async () => {
    const { world, id, deps } = await paused(mintV1({ amount: 120 }, T0 / 1000 + 600));
    const before = world.session().conversations[id]!.draft;
    const note = await runTamperMatrix(id, deps);
    const source = world.session().conversations[id]!;
    expect(source.draft).toEqual(before);
    const rows = source.tamperRun!.rows;
    const sent = rows.filter((r) => r.status === 'sent');
    const skipped = rows.filter((r) => r.status === 'skipped');
    expect(sent.length).toBeGreaterThan(3);
    expect(world.sentBy.slice(1)).toEqual(sent.map((r) => r.branchId));
    expect(note).toEqual({
      kind: 'tamper',
      message: `Tamper matrix finished: ${sent.length} forks sent, ${skipped.length} skipped. The paused leg is untouched.`,
    });
    expect(source.tamperRun?.finished).toBe(true);
  });

  it('waits visibly until the token has expired before the expired replay when exp is seconds away', async () => {
    const { world, id, deps } = await paused(mintV1({ step: 1 }, T0 / 1000 + 5));
    await runTamperMatrix(id, deps);
    const rows = world.session().conversations[id]!.tamperRun!.rows;
    const row = rows.find((r) => r.mutationId === 'expired-replay');
    expect(row?.status).toBe('sent');
    // the fake clock stood still until the wait: it waited from T0 to just past exp
    expect(world.sleeps).toEqual([6250]);
    expect(world.waits[0]).toEqual({
      until: T0 + 6250,
      reason: expect.stringMatching(/^waiting for the requestState to expire/),
    });
    expect(world.waits.at(-1)).toBeNull();
  });

  it('stops sending forks and says aborted when the user stops during the matrix', async () => {
    const { world, id, deps } = await paused(mintV1({ amount: 120 }, T0 / 1000 + 600));
    const send = deps.send;
    deps.send = async (branchId) => {
      await send(branchId);
      world.stop.abort();
    };
    const note = await runTamperMatrix(id, deps);
    expect(world.sentBy).toHaveLength(2);
    expect(note?.kind).toBe('aborted');
    expect(note?.message).toMatch(/^Tamper matrix aborted: 1 forks sent, \d+ skipped/);
    expect(world.session().conversations[id]!.tamperRun?.finished).toBe(true);
  });

  it('does nothing and returns null when the conversation has no paused draft', async () => {
    const world = fakeWorld(() => done('ok'));
    const id = world.start('pay');
    await world.send(id);
    const deps: TamperMatrixDeps = { ...world.deps, session: world.session, newId: world.newId, send: world.send };
    expect(await runTamperMatrix(id, deps)).toBeNull();
    expect(world.sentBy).toHaveLength(1);
  });
});
