/**
 * Round-by-round comparison of two runs of one call, on the facts a server author cares about: the result type, the
 * keys asked, the error code, `isError`, and the content (the result without `_meta`; the input requests; the error's
 * message and data), minus volatile fields named by `ignore` paths. Pure; the replay uses it, and so can the app.
 */
import type { Outcome } from '../../protocol/classify.ts';
import { isJsonObject, type JsonValue } from '../../protocol/types.ts';

export interface LegFacts {
  kind: Outcome['kind'];
  asked: string[];
  stateOnly?: boolean;
  isError?: boolean;
  errorCode?: number;
  /** what the content comparison looks at, ignored paths removed */
  content: JsonValue;
}

export interface Difference {
  field: 'result type' | 'keys asked' | 'error code' | 'isError' | 'state only' | 'content' | 'round';
  path?: string;
  recorded: string;
  live: string;
}

/** Parse `a.b.*.c` ignore paths into segments (`*` matches any one key or index). */
export function parseIgnore(paths: readonly string[]): string[][] {
  return paths.map((p) => p.split('.').filter(Boolean)).filter((p) => p.length > 0);
}

function without(value: JsonValue, path: readonly string[]): JsonValue {
  if (!path.length || typeof value !== 'object' || value === null) return value;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    return value.flatMap((v, i) => {
      if (head !== '*' && head !== String(i)) return [v];
      return rest.length ? [without(v, rest)] : [];
    });
  }
  const out: Record<string, JsonValue> = {};
  for (const [k, v] of Object.entries(value)) {
    if (head !== '*' && head !== k) out[k] = v;
    else if (rest.length) out[k] = without(v, rest);
  }
  return out;
}

function contentOf(outcome: Outcome): JsonValue {
  switch (outcome.kind) {
    case 'complete': {
      const rest: Record<string, JsonValue> = {};
      for (const [k, v] of Object.entries(outcome.result)) if (k !== '_meta' && k !== 'resultType') rest[k] = v;
      return rest;
    }
    case 'input_required':
      return { inputRequests: (outcome.inputRequests ?? {}) as unknown as JsonValue };
    case 'error':
      return {
        message: outcome.error.message,
        ...(outcome.error.data !== undefined ? { data: outcome.error.data as JsonValue } : {}),
      };
    case 'task':
      return { task: outcome.result as unknown as JsonValue };
    default:
      return { reason: outcome.reason };
  }
}

export function legFacts(outcome: Outcome, ignore: readonly string[][] = []): LegFacts {
  const facts: LegFacts = { kind: outcome.kind, asked: [], content: contentOf(outcome) };
  if (outcome.kind === 'input_required') {
    facts.asked = Object.keys(outcome.inputRequests ?? {}).sort();
    facts.stateOnly = outcome.stateOnly;
  }
  if (outcome.kind === 'complete') facts.isError = outcome.result.isError === true;
  if (outcome.kind === 'error') facts.errorCode = outcome.error.code;
  for (const path of ignore) facts.content = without(facts.content, path);
  return facts;
}

function show(value: JsonValue | undefined): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

/** Paths where two JSON values differ (at most `max`), e.g. `content.0.text`. */
function jsonDifferences(a: JsonValue | undefined, b: JsonValue | undefined, max = 10, path = ''): Difference[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  const bothObjects = isJsonObject(a) && isJsonObject(b);
  const bothArrays = Array.isArray(a) && Array.isArray(b);
  if (!bothObjects && !bothArrays)
    return [{ field: 'content', path: path || '(root)', recorded: show(a), live: show(b) }];
  const keys = bothArrays
    ? Array.from({ length: Math.max(a.length, b.length) }, (_, i) => String(i))
    : [...new Set([...Object.keys(a as object), ...Object.keys(b as object)])];
  const out: Difference[] = [];
  for (const k of keys) {
    if (out.length >= max) break;
    const av = (a as Record<string, JsonValue>)[k];
    const bv = (b as Record<string, JsonValue>)[k];
    out.push(...jsonDifferences(av, bv, max - out.length, path ? `${path}.${k}` : k));
  }
  return out;
}

/** Every difference between a recorded and a live leg, most telling first. */
export function compareFacts(recorded: LegFacts, live: LegFacts): Difference[] {
  const out: Difference[] = [];
  if (recorded.kind !== live.kind) out.push({ field: 'result type', recorded: recorded.kind, live: live.kind });
  if (recorded.asked.join(',') !== live.asked.join(',')) {
    out.push({
      field: 'keys asked',
      recorded: recorded.asked.join(', ') || '(none)',
      live: live.asked.join(', ') || '(none)',
    });
  }
  if (recorded.errorCode !== live.errorCode) {
    out.push({
      field: 'error code',
      recorded: String(recorded.errorCode ?? '(none)'),
      live: String(live.errorCode ?? '(none)'),
    });
  }
  if (recorded.isError !== live.isError && recorded.kind === live.kind) {
    out.push({ field: 'isError', recorded: String(recorded.isError), live: String(live.isError) });
  }
  if (recorded.stateOnly !== live.stateOnly && recorded.kind === live.kind) {
    out.push({ field: 'state only', recorded: String(recorded.stateOnly), live: String(live.stateOnly) });
  }
  if (recorded.kind === live.kind) out.push(...jsonDifferences(recorded.content, live.content));
  return out;
}

/** One round of two runs side by side: what each side answered (if it got that far) and how they differ. */
export interface RoundComparison {
  round: number;
  recorded?: LegFacts;
  live?: LegFacts;
  differences: Difference[];
}

/**
 * Line two runs of one call up round by round (the first side is "recorded", the second "live"): the comparison
 * replay prints and the app's "Compare runs" shows. A round only one side reached differs by its existence.
 */
export function compareRounds(
  recorded: readonly Outcome[],
  live: readonly Outcome[],
  ignore: readonly string[][] = [],
): RoundComparison[] {
  const rounds: RoundComparison[] = [];
  for (let i = 0; i < Math.max(recorded.length, live.length); i++) {
    const r = recorded[i] && legFacts(recorded[i]!, ignore);
    const l = live[i] && legFacts(live[i]!, ignore);
    const round: RoundComparison = { round: i + 1, differences: [] };
    if (r) round.recorded = r;
    if (l) round.live = l;
    if (r && l) round.differences = compareFacts(r, l);
    else if (r) round.differences = [{ field: 'round', recorded: r.kind, live: '(not reached)' }];
    else if (l) round.differences = [{ field: 'round', recorded: '(not reached)', live: l.kind }];
    rounds.push(round);
  }
  return rounds;
}

/** A one-line account of one side of a round: "input_required, asks region" / "error, code -32602". */
export function factsLine(f: LegFacts | undefined): string {
  if (!f) return '(none)';
  const parts: string[] = [f.kind];
  if (f.asked.length) parts.push(`asks ${f.asked.join(', ')}`);
  if (f.stateOnly) parts.push('state only');
  if (f.errorCode !== undefined) parts.push(`code ${f.errorCode}`);
  if (f.isError) parts.push('isError');
  return parts.join(', ');
}
