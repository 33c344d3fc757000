/**
 * A short, single-line summary of a call's arguments (`name: "db17", size: 3`) so the timeline can tell calls of the
 * same tool apart. Pure; the values come from the user or a server's schema and are only ever rendered as text.
 */
import { isJsonObject, type JsonObject } from '../protocol/types.ts';
import { clip } from './selectors.ts';

/** Default longest summary, in characters (the ellipsis included). */
const SUMMARY_MAX = 40;
/** How many arguments are shown before `…`. */
const SUMMARY_ARGS = 2;

/** One value, never longer than `max` and never walking a big value: a 1 MB string is cut before it is quoted. */
function valueText(value: unknown, max: number): string {
  if (typeof value === 'string') return JSON.stringify(value.length > max ? value.slice(0, max) : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length ? `[…${value.length}]` : '[]';
  if (typeof value === 'object') return Object.keys(value).length ? '{…}' : '{}';
  return '';
}

/** Control characters (a newline in a key) would break the one-line row: shown as a space. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, ' ');
}

/**
 * The first `SUMMARY_ARGS` arguments as `key: value`, strings quoted, objects and arrays folded, `, …` when more
 * follow, the whole clipped to `max` characters. '' when the call has no arguments (a resource read, a bare tool).
 */
export function argumentSummary(params: JsonObject, max = SUMMARY_MAX): string {
  const args = params.arguments;
  if (!isJsonObject(args)) return '';
  const parts: string[] = [];
  let more = false;
  for (const key in args) {
    if (!Object.hasOwn(args, key)) continue;
    if (parts.length === SUMMARY_ARGS) {
      more = true;
      break;
    }
    parts.push(`${key.slice(0, max)}: ${valueText((args as Record<string, unknown>)[key], max)}`);
  }
  if (!parts.length) return '';
  return clip(oneLine(parts.join(', ') + (more ? ', …' : '')), max);
}

const cache = new WeakMap<JsonObject, string>();

/** `argumentSummary` with the default length, remembered per params object (a conversation keeps its params). */
export function cachedArgumentSummary(params: JsonObject): string {
  let summary = cache.get(params);
  if (summary === undefined) {
    summary = argumentSummary(params);
    cache.set(params, summary);
  }
  return summary;
}
