import { isJsonObject } from '../../protocol/types.ts';

/** JSON with sorted keys: the same value gives the same text whatever order its fields were listed in. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isJsonObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}
