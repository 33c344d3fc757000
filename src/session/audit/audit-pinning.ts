/**
 * Question pinning, read from the baseline run (round 1 answered correctly, then each later round): a server that
 * pins an answer to the question shown asks a key again only when the question changed. Once (a reworded question,
 * as after a redeploy) is pinning at work; on every round with a new message each time is a question built from
 * per-call data, which never settles until the client's round cap ends the call. Pure.
 */
import type { InputRequests, JsonValue } from '../../protocol/types.ts';
import { result, type CheckResult } from './audit-checks.ts';

function messageOf(request: InputRequests[string] | undefined): string {
  const params = (request?.params ?? {}) as Record<string, JsonValue>;
  const message = typeof params.message === 'string' ? params.message : '';
  const schema = params.requestedSchema ?? params.messages ?? null;
  return JSON.stringify([message, schema]);
}

function shown(request: InputRequests[string] | undefined): string {
  const params = (request?.params ?? {}) as Record<string, JsonValue>;
  const text = typeof params.message === 'string' ? params.message : JSON.stringify(params).slice(0, 80);
  return `"${text.length > 90 ? `${text.slice(0, 87)}...` : text}"`;
}

/**
 * `rounds`: the input requests of each round the baseline answered, in order (round 1 first); `completed`: whether
 * the baseline reached a final answer.
 */
export function pinningCheck(rounds: readonly InputRequests[], completed: boolean): CheckResult {
  if (!rounds.length || !Object.keys(rounds[0] ?? {}).length)
    return result('pinning', 'skip', 'round 1 asked nothing (state only): no question to pin');
  const byKey = new Map<string, InputRequests[string][]>();
  for (const round of rounds)
    for (const [key, request] of Object.entries(round)) byKey.set(key, [...(byKey.get(key) ?? []), request]);
  const repeated = [...byKey].filter(([, asks]) => asks.length > 1);
  if (!repeated.length)
    return result(
      'pinning',
      'pass',
      `each question was asked once and its answer used (${rounds.length} round${rounds.length === 1 ? '' : 's'})`,
    );
  const [key, asks] = repeated[0]!;
  const messages = asks.map(messageOf);
  const distinct = new Set(messages).size;
  if (distinct === 1)
    return result(
      'pinning',
      'skip',
      `"${key}" was asked again with the same question after the audit's answer: the answer may not satisfy it, so pinning cannot be judged`,
    );
  const shownAll = asks.map(shown);
  if (!completed)
    return result(
      'pinning',
      'warn',
      `"${key}" was asked again after every valid answer, with a new message each round (${asks.length} rounds, never settled): ${shownAll.slice(0, 3).join(' -> ')}${asks.length > 3 ? ' -> ...' : ''}. A message built from per-call data is asked again every round, until the client's round cap ends the call.`,
    );
  return result(
    'pinning',
    'pass',
    `"${key}" was asked again after the question changed (${shownAll.join(' -> ')}), then its answer was used: the answer is pinned to the question shown, as after a redeploy`,
  );
}
