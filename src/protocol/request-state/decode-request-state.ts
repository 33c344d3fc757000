/**
 * Best-effort decoding of a requestState token. Never throws, whatever the input. Views come best first
 * (by confidence, then in detection order: v1 signed, JWT, raw JSON, base64 (+ JSON inside), opaque stats last).
 */
import type { Confidence, DecodedView } from './decoded-view.ts';
import { decodeV1 } from './decode-v1.ts';
import { decodeJwt } from './decode-jwt.ts';
import { decodeJsonText } from './decode-json.ts';
import { decodeBase64View, opaqueView } from './decode-opaque.ts';
import { utf8OrNull } from './decode-util.ts';

const RANK: Record<Confidence, number> = { high: 0, medium: 1, low: 2 };

function attempt<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch {
    return null;
  }
}

/** @param now milliseconds since the epoch (Date.now()), used for `exp` countdowns. */
export function decodeRequestState(token: string, now: number): DecodedView[] {
  if (typeof token !== 'string') return [];
  const views: DecodedView[] = [];
  const v1 = attempt(() => decodeV1(token, now));
  if (v1) views.push(v1);
  const jwt = v1 ? null : attempt(() => decodeJwt(token, now));
  if (jwt) views.push(jwt);
  const json = attempt(() => decodeJsonText(token, now, 'raw'));
  if (json) views.push(json);

  let base64Bytes: Uint8Array | null = null;
  if (!v1 && !jwt && !json) {
    const b64 = attempt(() => decodeBase64View(token));
    if (b64) {
      base64Bytes = b64.bytes;
      const inner = attempt(() => {
        const text = utf8OrNull(b64.bytes);
        return text === null ? null : decodeJsonText(text, now, 'base64');
      });
      if (inner) {
        views.push(inner);
        b64.view.confidence = 'high';
      }
      views.push(b64.view);
    }
  }
  const structured = views.some((v) => v.confidence !== 'low');
  const opaque = attempt(() => opaqueView(token, base64Bytes, structured));
  if (opaque) views.push(opaque);
  return views
    .map((view, index) => ({ view, index }))
    .sort((a, b) => RANK[a.view.confidence] - RANK[b.view.confidence] || a.index - b.index)
    .map((x) => x.view);
}
