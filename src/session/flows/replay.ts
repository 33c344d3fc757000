/**
 * Replay: re-run each recorded conversation against a live server with the same session core, answering every round
 * with the answers the recording sent (matched by key), and compare round by round (compare-legs.ts). A plain async
 * function over an injected driver: the command line passes Node's fetch, tests a mock server.
 */
import type { Recording } from '../io/recordings.ts';
import { compareFacts, legFacts, parseIgnore, type Difference, type LegFacts } from './compare-legs.ts';
import type { SessionDriver } from './driver.ts';

export interface RoundComparison {
  round: number;
  recorded?: LegFacts;
  live?: LegFacts;
  differences: Difference[];
}

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

export async function replayOne(recording: Recording, opts: ReplayOptions): Promise<ReplayResult> {
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
  const rounds: RoundComparison[] = [];
  const unanswered: string[] = [];
  for (let i = 0; ; i++) {
    const recordedLeg = recording.legs[i];
    const liveLeg = driver.lastLeg(id);
    const recorded = recordedLeg ? legFacts(recordedLeg.outcome, ignore) : undefined;
    const live =
      liveLeg && driver.conversation(id).legIds.length === i + 1 ? legFacts(liveLeg.outcome, ignore) : undefined;
    if (!recorded && !live) break;
    const round: RoundComparison = { round: i + 1, differences: [] };
    if (recorded) round.recorded = recorded;
    if (live) round.live = live;
    if (recorded && live) round.differences = compareFacts(recorded, live);
    else if (recorded)
      round.differences = [{ field: 'round', recorded: recorded.kind, live: '(the live run ended before this round)' }];
    else if (live)
      round.differences = [{ field: 'round', recorded: '(the recording ended before this round)', live: live.kind }];
    rounds.push(round);
    const draft = driver.conversation(id).draft;
    const next = recording.legs[i + 1];
    if (!live || !draft || !next) {
      // one side goes on: show the rounds the other side has left, then stop
      for (let j = i + 1; j < recording.legs.length; j++) {
        rounds.push({
          round: j + 1,
          recorded: legFacts(recording.legs[j]!.outcome, ignore),
          differences: [{ field: 'round', recorded: recording.legs[j]!.outcome.kind, live: '(not reached)' }],
        });
      }
      if (live && draft && !next) {
        rounds.push({
          round: i + 2,
          differences: [
            { field: 'round', recorded: '(the recording ended here)', live: 'the server asks for another round' },
          ],
        });
      }
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
