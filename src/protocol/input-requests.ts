/**
 * The one check of an `inputRequests` map, wherever it comes (an `input_required` result, a task that waits on
 * input): each entry a `{method, params?}` object, keys kept as own keys. Pure.
 */
import { isJsonObject, type InputRequests } from './types.ts';

/** The map, or a string saying which entry is wrong. */
export function readInputRequests(value: unknown): InputRequests | string {
  if (!isJsonObject(value)) return 'inputRequests is not an object';
  const out: [string, InputRequests[string]][] = [];
  for (const [key, entry] of Object.entries(value)) {
    if (!isJsonObject(entry) || typeof entry.method !== 'string') {
      return `inputRequests["${key}"] is not a {method, params} object`;
    }
    if (entry.params !== undefined && !isJsonObject(entry.params))
      return `inputRequests["${key}"].params is not an object`;
    out.push([
      key,
      entry.params === undefined ? { method: entry.method } : { method: entry.method, params: entry.params },
    ]);
  }
  // fromEntries defines own properties: a key named "__proto__" stays a key (an assignment would set the prototype)
  return Object.fromEntries(out) as InputRequests;
}
