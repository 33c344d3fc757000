import { describe, expect, it } from 'vitest';
import { ask, comeBackLater, done, fakeWorld, rpcError, type Script, type TransportFault } from './flow.fixtures.ts';
import { lastLeg } from '../selectors.ts';
import { runToCompletion, type RunToCompletionDeps } from './run-to-completion.ts';
import type { Exchange } from '../../protocol/exchange.ts';
import { classifyExchange } from '../../protocol/classify-exchange.ts';
import type { Leg } from '../model.ts';

const CONFIRM = { confirm: { method: 'elicitation/create', params: { message: 'ok?', requestedSchema: {} } } };
const ROOTS = { roots: { method: 'roots/list', params: {} } };
const ROOTS_SAVED = [{ uri: 'file:///work', name: 'work' }];

function run(script: Script, opts: { roundCap?: number; fault?: TransportFault } = {}) {
  const world = fakeWorld(script, opts.fault);
  const id = world.start('job');
  const deps: RunToCompletionDeps = {
    ...world.deps,
    conversation: () => world.session().conversations[id],
    lastLeg: () => lastLeg(world.session(), world.session().conversations[id]!),
    legOf: (legId) => world.session().legs[legId],
    roundCap: () => opts.roundCap ?? 10,
    savedRoots: () => ROOTS_SAVED,
    send: () => world.send(id),
  };
  return { world, id, deps, legs: () => world.session().conversations[id]!.legIds.length };
}

describe('runToCompletion', () => {
  it('sends until the server finishes and answers roots requests itself when the server asks for roots', async () => {
    const seen: unknown[] = [];
    const { id, deps, legs } = run((_c, p) => {
      seen.push(p.inputResponses);
      return p.inputResponses ? done('ok') : ask(ROOTS, 's1');
    });
    const note = await runToCompletion(id, deps);
    expect(note).toEqual({ kind: 'finished', message: 'The call finished.' });
    expect(legs()).toBe(2);
    expect(seen[1]).toEqual({ roots: { roots: ROOTS_SAVED } });
  });

  it('answers a ping itself with an empty result when the server asks for one', async () => {
    const seen: unknown[] = [];
    const { id, deps, legs } = run((_c, p) => {
      seen.push(p.inputResponses);
      return p.inputResponses ? done('ok') : ask({ 'ping #4': { method: 'ping' } });
    });
    const note = await runToCompletion(id, deps);
    expect(note.kind).toBe('finished');
    expect(legs()).toBe(2);
    expect(seen[1]).toEqual({ 'ping #4': {} });
  });

  it('pauses with needs-input when the server asks for input only a human can give', async () => {
    const { id, deps, legs } = run(() => ask(CONFIRM, 's1'));
    const note = await runToCompletion(id, deps);
    expect(note).toEqual({ kind: 'needs-input', message: 'Paused: the server asked for input only you can give.' });
    expect(legs()).toBe(1);
  });

  it('backs off 50 ms doubling to 250 ms between state-only retries and stops at the round cap', async () => {
    const { world, id, deps, legs } = run(() => comeBackLater('again'), { roundCap: 6 });
    const note = await runToCompletion(id, deps);
    expect(note).toEqual({
      kind: 'round-cap',
      message:
        'Stopped at the round cap: the server answered input_required 7 times (cap 6) and has not finished. Raise the cap or inspect the legs.',
    });
    // the cap counts the call's input_required results, as both SDKs do: the first request and 6 retries
    expect(legs()).toBe(7);
    // the first leg goes at once; each later state-only retry waits, visibly
    expect(world.sleeps).toEqual([50, 100, 200, 250, 250, 250]);
    expect(world.waits.filter((w) => w !== null).map((w) => w.reason)).toEqual(
      Array(6).fill('backoff before the next state-only retry'),
    );
    expect(world.waits.at(-1)).toBeNull();
  });

  it('resets the backoff to 50 ms when a retry answers input requests', async () => {
    let n = 0;
    const script: Script = () => {
      n += 1;
      if (n === 3) return ask(ROOTS, 's');
      return n >= 5 ? done('ok') : comeBackLater(`s${n}`);
    };
    const { world, id, deps } = run(script);
    expect((await runToCompletion(id, deps)).kind).toBe('finished');
    // legs 2 and 3 back off; leg 4 answers roots (no wait); leg 5 is state-only again and starts over at 50 ms
    expect(world.sleeps).toEqual([50, 100, 50]);
  });

  it('stops with aborted when the user stops during a backoff wait', async () => {
    const { world, id, deps, legs } = run(() => comeBackLater('again'));
    const sleep = deps.sleep;
    deps.sleep = async (ms, signal) => {
      world.stop.abort();
      await sleep(ms, signal);
    };
    const note = await runToCompletion(id, deps);
    expect(note).toEqual({ kind: 'aborted', message: 'Run to completion was aborted.' });
    expect(legs()).toBe(1);
  });

  it('with the default cap of 10, a server that never finishes receives 11 legs: the request and 10 retries', async () => {
    const { id, deps, legs } = run(() => comeBackLater('again'));
    expect((await runToCompletion(id, deps)).kind).toBe('round-cap');
    expect(legs()).toBe(11);
  });

  it.each(['network', 'timeout', 'stream'] as const)(
    'stops and never resends the leg when it fails in transport (%s): the server may already have acted',
    async (kind) => {
      const { world, id, deps, legs } = run(() => comeBackLater('again'), {
        fault: (n) => (n === 2 ? kind : undefined),
      });
      const note = await runToCompletion(id, deps);
      expect(note.kind).toBe('transport');
      // the note offers a fork of the failed leg (there is no draft to Send retry)
      expect(note.message).toMatch(
        /^Stopped: round 2 failed in transport .*it is not resent automatically: resend it yourself as a branch \(Resend as a branch\)\.$/,
      );
      expect(note.legId).toBe(world.session().conversations[id]!.legIds[1]);
      expect(legs()).toBe(2);
      expect(world.sentBy).toHaveLength(2);
    },
  );

  it('does not start when the last leg failed in transport: resending is the Send retry button', async () => {
    const { world, id, deps, legs } = run(() => comeBackLater('again'), {
      fault: (n) => (n === 1 ? 'network' : undefined),
    });
    await world.send(id);
    const note = await runToCompletion(id, deps);
    expect(note.kind).toBe('transport');
    expect(note.message).toMatch(/^Not started: round 1 failed in transport/);
    expect(legs()).toBe(1);
  });

  it('counts the rounds of the call, not the legs of one click, when the run is pressed again (input_required_max_rounds)', async () => {
    const { world, id, deps, legs } = run(() => comeBackLater('again'), { roundCap: 4 });
    await world.send(id); // round 1 sent by hand
    expect((await runToCompletion(id, deps)).kind).toBe('round-cap');
    expect(legs()).toBe(5);
    const again = await runToCompletion(id, deps);
    expect(again.message).toMatch(/answered input_required 5 times \(cap 4\)/);
    expect(legs()).toBe(5);
  });

  it('backs off before the first state-only retry of a run too', async () => {
    const { world, id, deps } = run(() => comeBackLater('again'), { roundCap: 2 });
    await world.send(id);
    await runToCompletion(id, deps);
    expect(world.sleeps).toEqual([50, 100]);
  });

  it('pauses instead of sending saved roots that are not file:// URIs when the server asks for roots', async () => {
    const { id, deps, legs } = run((_c, p) => (p.inputResponses ? done('ok') : ask(ROOTS, 's1')));
    deps.savedRoots = () => [{ uri: 'https://example.com/repo' }];
    const note = await runToCompletion(id, deps);
    expect(note.kind).toBe('needs-input');
    expect(legs()).toBe(1);
  });

  it('ends as refused, not finished, when the server answers -32602 Invalid or expired requestState', async () => {
    const { id, deps, legs } = run((_c, p) =>
      p.requestState ? rpcError(-32602, 'Invalid or expired requestState') : comeBackLater('s1'),
    );
    const note = await runToCompletion(id, deps);
    expect(note.kind).toBe('refused');
    expect(note.message).toBe(
      'Refused: the server rejected the requestState of round 2 (-32602 Invalid or expired requestState), so the call ended without a result. Fork an earlier leg to try again.',
    );
    expect(legs()).toBe(2);
  });

  it('stops, saying so, when a step sent nothing instead of spinning', async () => {
    const { world, id, deps, legs } = run(() => comeBackLater('again'));
    let calls = 0;
    deps.send = async () => {
      calls += 1;
      // a runaway loop would call again and again: stop it so the test ends either way
      if (calls > 3) world.stop.abort();
    };
    const note = await runToCompletion(id, deps);
    expect(calls).toBe(1);
    expect(note).toEqual({
      kind: 'not-sent',
      message:
        'Stopped: the request was not sent (nothing was recorded). Check the Next request, then Send or run again.',
    });
    expect(legs()).toBe(0);
  });

  it('stops, saying why, when the server did not take a 2025-11-25 response (the draft is back to fix)', async () => {
    const { id, deps } = run(() => comeBackLater('again'));
    let calls = 0;
    deps.send = async () => {
      calls += 1;
    };
    const refusedAnswer: Exchange = {
      request: { url: 'http://s/mcp', method: 'POST', headers: [], body: '{"jsonrpc":"2.0","id":0' },
      response: { status: 400, statusText: 'Bad Request', headers: [], contentType: '', body: '', size: 0 },
      startedAt: 0,
      durationMs: 1,
    };
    deps.lastLeg = () =>
      ({
        id: 'pushed',
        outcome: { kind: 'input_required', result: {}, inputRequests: {}, stateOnly: false },
        exchange: { ...refusedAnswer, request: { ...refusedAnswer.request, body: '' } },
        answer: { exchange: refusedAnswer, sent: {} },
      }) as unknown as Leg;
    const note = await runToCompletion(id, deps);
    expect(calls).toBe(1);
    expect(note).toEqual({
      kind: 'refused',
      message:
        'Stopped: the response did not reach the server (the server answered HTTP 400). Fix it in the Next request, then Send response or run again.',
    });
  });

  it('ends without a result, not finished, when a retry is answered with another error, naming it', async () => {
    const { id, deps, legs } = run((_c, p) =>
      p.requestState ? rpcError(-32603, 'Handler returned an invalid result') : comeBackLater('s1'),
    );
    const note = await runToCompletion(id, deps);
    expect(note).toEqual({
      kind: 'ended',
      message: 'Ended without a result: the server answered error -32603 (Handler returned an invalid result).',
    });
    expect(legs()).toBe(2);
  });

  it('ends without a result, not finished, when a retry is answered with something that is no valid response', async () => {
    const { id, deps } = run((_c, p) => (p.requestState ? { resultType: 'later' } : comeBackLater('s1')));
    const note = await runToCompletion(id, deps);
    expect(note.kind).toBe('ended');
    expect(note.message).toMatch(
      /^Ended without a result: what came back is not a valid response \(unknown resultType "later"/,
    );
  });

  it.each([
    [
      'an HTML error page',
      { status: 500, statusText: 'Internal Server Error', contentType: 'text/html', body: '<html>oops</html>' },
      /HTTP 500/,
    ],
    [
      'a stream that ended cleanly without the response',
      {
        status: 200,
        statusText: 'OK',
        contentType: 'text/event-stream',
        body: 'id: 1\ndata: \n\n',
        sseEvents: [{ id: '1', data: '', at: 0 }],
      },
      /the SSE stream ended after 1 event\(s\) without the JSON-RPC response/,
    ],
  ])('ends without a result when the call is over with %s, saying what came back', async (_what, response, says) => {
    const { id, deps } = run(() => done('unused'));
    const exchange: Exchange = {
      request: {
        url: 'http://s/mcp',
        method: 'POST',
        headers: [],
        body: '{"jsonrpc":"2.0","id":2,"method":"tools/call"}',
      },
      response: { headers: [], size: response.body.length, ...response },
      startedAt: 0,
      durationMs: 1,
    };
    const before = deps.conversation;
    // the call is over (no draft): its last leg is what came back
    deps.conversation = () => ({ ...before()!, draft: undefined });
    deps.lastLeg = () =>
      ({ id: 'last', outcome: classifyExchange(exchange, 'tools/call', 2), exchange }) as unknown as Leg;
    const note = await runToCompletion(id, deps);
    expect(note.kind).toBe('ended');
    expect(note.message).toMatch(says);
  });
});
