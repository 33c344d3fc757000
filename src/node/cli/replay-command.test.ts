import { afterEach, describe, expect, it } from 'vitest';
import { toHar } from '../../session/io/har.ts';
import { parseRecordingFile } from '../../session/io/recordings.ts';
import { serializeSessionFile, toSessionFile } from '../../session/io/session-file.ts';
import { replayAll } from '../../session/flows/replay.ts';
import type { SessionDriver } from '../../session/flows/driver.ts';
import { ALL_CAPABILITIES } from '../../protocol/envelope.ts';
import { startMockServer, type MockServerHandle } from '../mock-server/start.ts';
import { formatReplay, junitReport } from './replay-command.ts';
import { nodeDriver } from './node-driver.ts';

let mocks: MockServerHandle[] = [];
afterEach(async () => {
  await Promise.all(mocks.map((m) => m.close()));
  mocks = [];
});

async function mock(opts: Parameters<typeof startMockServer>[0] = {}) {
  const m = await startMockServer({ port: 0, ...opts });
  mocks.push(m);
  return m;
}

/** Record three conversations against an unchanged mock, answering as a user would. */
async function record(url: string): Promise<SessionDriver> {
  const d = nodeDriver(url);
  const answer = async (id: string, key: string, content: Record<string, string>) => {
    d.dispatch({ type: 'draft/answer', conversationId: id, key, response: { action: 'accept', content } });
    await d.sendDraft(id);
  };
  const p = await d.start({
    method: 'tools/call',
    title: 'provision',
    params: { name: 'provision', arguments: { name: 'orders' } },
    capabilities: ALL_CAPABILITIES,
  });
  await answer(p, 'region', { region: 'eu-west-1' });
  const e = await d.start({
    method: 'prompts/get',
    title: 'draft_email',
    params: { name: 'draft_email', arguments: { topic: 'launch' } },
    capabilities: ALL_CAPABILITIES,
  });
  await answer(e, 'tone', { tone: 'formal' });
  const s = await d.start({
    method: 'tools/call',
    title: 'slow_job',
    params: { name: 'slow_job', arguments: { steps: 2 } },
    capabilities: ALL_CAPABILITIES,
  });
  await d.sendDraft(s);
  await d.sendDraft(s);
  return d;
}

describe('replay against the mock', () => {
  it('passes every conversation when the server is unchanged', async () => {
    const recordedOn = await mock();
    const session = (await record(recordedOn.mcpUrl)).state();
    expect(session.order).toHaveLength(3);
    const parsed = parseRecordingFile(
      serializeSessionFile(toSessionFile(session, { redacted: true, now: Date.now() })),
    );
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.recordings.map((r) => r.legs.length)).toEqual([2, 2, 3]);
    const fresh = await mock(); // another process key: the recorded states are never reused, only the answers
    const results = await replayAll(parsed.recordings, { driver: nodeDriver(fresh.mcpUrl) });
    expect(results.map((r) => [r.title, r.passed])).toEqual([
      ['provision', true],
      ['draft_email', true],
      ['slow_job', true],
    ]);
    expect(formatReplay(results, fresh.mcpUrl)).toContain('3 of 3 conversations replayed the same.');
  });

  it('reads a HAR export and replays it the same way when the server is unchanged', async () => {
    const recordedOn = await mock();
    const session = (await record(recordedOn.mcpUrl)).state();
    const parsed = parseRecordingFile(JSON.stringify(toHar(session)));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.recordings.map((r) => r.title)).toEqual(['provision', 'draft_email', 'slow_job']);
    const results = await replayAll(parsed.recordings, { driver: nodeDriver((await mock()).mcpUrl) });
    expect(results.every((r) => r.passed)).toBe(true);
  });

  it('reports the round, keys and content that changed when a scenario drifts', async () => {
    const recordedOn = await mock();
    const session = (await record(recordedOn.mcpUrl)).state();
    const parsed = parseRecordingFile(serializeSessionFile(toSessionFile(session, { redacted: true, now: 0 })));
    if (!parsed.ok) throw new Error(parsed.error);
    const drifted = await mock({ drift: 'provision' });
    const results = await replayAll(parsed.recordings, { driver: nodeDriver(drifted.mcpUrl) });
    expect(results.map((r) => r.passed)).toEqual([false, true, true]);
    const provision = results[0]!;
    expect(provision.rounds[0]!.differences).toContainEqual({
      field: 'keys asked',
      recorded: 'region',
      live: 'region, size',
    });
    // round 2: the recording completed; the changed server asks again for the size it never got
    expect(provision.rounds[1]!.differences).toContainEqual({
      field: 'result type',
      recorded: 'complete',
      live: 'input_required',
    });
    expect(provision.unanswered).toEqual(['round 1: size']);
    const text = formatReplay(results, drifted.mcpUrl);
    expect(text).toContain('FAIL  provision (tools/call, ');
    expect(text).toContain('- recorded: region');
    expect(text).toContain('+ live:     region, size');
    expect(junitReport(results, drifted.mcpUrl)).toMatch(/tests="3" failures="1"/);
  });

  it('ignores a content path named in --ignore but still catches the keys asked', async () => {
    const recordedOn = await mock();
    const session = (await record(recordedOn.mcpUrl)).state();
    const parsed = parseRecordingFile(serializeSessionFile(toSessionFile(session, { redacted: true, now: 0 })));
    if (!parsed.ok) throw new Error(parsed.error);
    const drifted = await mock({ drift: 'provision' });
    const [provision] = await replayAll(parsed.recordings.slice(0, 1), {
      driver: nodeDriver(drifted.mcpUrl),
      ignore: ['inputRequests.size', 'inputRequests.region.params.message'],
    });
    const round1 = provision!.rounds[0]!.differences;
    expect(round1.map((d) => d.field)).toEqual(['keys asked']);
  });
});
