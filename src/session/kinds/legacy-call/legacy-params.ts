/**
 * The params a 2025-11-25 call goes out with: the call's own (name + arguments, or uri) and, from the call's request
 * options, what that revision carries in `_meta`: `progressToken` (basic/utilities/progress) and a W3C `traceparent`.
 * A log level is not a request option in that revision (it is `logging/setLevel` on the session), so it is left out.
 * Pure.
 */
import type { RequestOptions } from '../../../protocol/envelope.ts';
import { isJsonObject, type JsonObject } from '../../../protocol/types.ts';

export function legacyCallParams(params: JsonObject, options: RequestOptions | undefined): JsonObject {
  const meta: JsonObject = {};
  if (options?.progressToken !== undefined) meta.progressToken = options.progressToken;
  if (options?.traceparent !== undefined && options.traceparent !== '') meta.traceparent = options.traceparent;
  if (Object.keys(meta).length === 0) return params;
  const own = isJsonObject(params._meta) ? params._meta : {};
  return { ...params, _meta: { ...own, ...meta } };
}
