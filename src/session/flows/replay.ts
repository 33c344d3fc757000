/**
 * Replay: re-run each recorded conversation against a live server with the same session core, answering every round
 * with the answers the recording sent (matched by key), and compare round by round (compare-legs.ts). A plain async
 * function over an injected driver: the command line passes Node's fetch, tests a mock server.
 */
import type { Recording } from '../io/recordings.ts';
import { compareRounds, parseIgnore, type RoundComparison } from './compare-legs.ts';

import type { SessionDriver } from './driver.ts';

export interface ReplayResult {
  title: string;
  method: string;
  rounds: RoundComparison[];
  passed: boolean;
  /** keys the live server asked that the recording had no answer for */
  unanswered: string[];
}

export interface ReplayOptions {
  driver: SessionDriver;
  /** content paths to leave out of the comparison, e.g. `content.0.text`, `inputRequests.*.params.url` */
  ignore?: readonly string[];
  /** called after each conversation (progress output) */
  onResult?: (result: ReplayResult) => void;
}

async function replayOne(recording: Recording, opts: ReplayOptions): Promise<ReplayResult> {
  const ignore = parseIgnore(opts.ignore ?? []);
  const { driver } = opts;
  const input: Parameters<SessionDriver['start']>[0] = {
    method: recording.method,
    title: recording.title,
    params: recording.params,
    capabilities: recording.capabilities,
  };
  if (recording.inputSchema) input.inputSchema = recording.inputSchema;
  const id = await driver.start(input);
  const unanswered: string[] = [];
  // drive the live run with the recorded answers for as long as both sides go on
  let asksMore = false;
  for (let i = 0; ; i++) {
    const draft = driver.conversation(id).draft;
    const next = recording.legs[i + 1];
    if (driver.conversation(id).legIds.length !== i + 1 || !draft) break;
    if (!next) {
      asksMore = true;
      break;
    }
    const answers = next.answers ?? {};
    for (const key of Object.keys(draft.inputRequests)) {
      const answer = answers[key];
      if (answer) driver.dispatch({ type: 'draft/answer', conversationId: id, key, response: answer });
      else unanswered.push(`round ${i + 1}: ${key}`);
    }
    await driver.sendDraft(id);
  }
  const state = driver.state();
  const liveOutcomes = driver.conversation(id).legIds.flatMap((l) => (state.legs[l] ? [state.legs[l].outcome] : []));
  const rounds = compareRounds(
    recording.legs.map((l) => l.outcome),
    liveOutcomes,
    ignore,
  );
  if (asksMore) {
    rounds.push({
      round: rounds.length + 1,
      differences: [
        { field: 'round', recorded: '(the recording ended here)', live: 'the server asks for another round' },
      ],
    });
  }
  const result: ReplayResult = {
    title: recording.title,
    method: recording.method,
    rounds,
    passed: rounds.every((r) => r.differences.length === 0),
    unanswered,
  };
  return result;
}

export async function replayAll(recordings: readonly Recording[], opts: ReplayOptions): Promise<ReplayResult[]> {
  const results: ReplayResult[] = [];
  for (const recording of recordings) {
    const result = await replayOne(recording, opts);
    opts.onResult?.(result);
    results.push(result);
  }
  return results;
}
