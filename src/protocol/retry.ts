import type { InputResponses, JsonObject } from './types.ts';

/** Params fields that belong to one leg only and are rebuilt for every leg. */
const PER_LEG_FIELDS = ['inputResponses', 'requestState', '_meta'] as const;

/** The call's own params (name/arguments or uri), without per-leg fields. */
export function baseParams(params: JsonObject): JsonObject {
  const out: JsonObject = { ...params };
  for (const field of PER_LEG_FIELDS) delete out[field];
  return out;
}

export interface RetryParts {
  inputResponses?: InputResponses;
  /** undefined = omit the field; a string is sent byte-for-byte */
  requestState?: string;
  meta: JsonObject;
}

/** Same method, same params, plus this leg's inputResponses, requestState and envelope. */
export function legParams(base: JsonObject, parts: RetryParts): JsonObject {
  const params: JsonObject = { ...baseParams(base) };
  if (parts.inputResponses && Object.keys(parts.inputResponses).length > 0)
    params.inputResponses = parts.inputResponses;
  if (parts.requestState !== undefined) params.requestState = parts.requestState;
  params._meta = parts.meta;
  return params;
}
