import { isJsonObject, type JsonValue } from '../types.ts';
import type { ExpiryInfo } from './decoded-view.ts';

/** Expiry of a Unix-seconds `exp` relative to `now` (milliseconds, like Date.now()). Null when not a finite number. */
export function expiryFrom(exp: unknown, now: number): ExpiryInfo | null {
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
  const nowSeconds = Math.floor((Number.isFinite(now) ? now : 0) / 1000);
  const d = new Date(exp * 1000);
  const valid = !Number.isNaN(d.getTime());
  const secondsRemaining = exp - nowSeconds;
  return {
    unixSeconds: exp,
    date: valid ? d : null,
    iso: valid ? d.toISOString() : null,
    secondsRemaining,
    expired: secondsRemaining < 0,
  };
}

/** "in 4m 12s" / "expired 3m 5s ago" / "expires now". */
export function formatRemaining(secondsRemaining: number): string {
  if (!Number.isFinite(secondsRemaining)) return 'unknown';
  const abs = Math.abs(Math.trunc(secondsRemaining));
  const d = Math.floor(abs / 86400);
  const h = Math.floor((abs % 86400) / 3600);
  const m = Math.floor((abs % 3600) / 60);
  const s = abs % 60;
  const parts = [d ? `${d}d` : '', h ? `${h}h` : '', m ? `${m}m` : '', `${s}s`].filter(Boolean);
  const text = parts.join(' ');
  if (secondsRemaining === 0) return 'expires now';
  return secondsRemaining > 0 ? `in ${text}` : `expired ${text} ago`;
}

/** Compact JSON for display; never throws (cycles cannot occur in parsed JSON, but be defensive). */
export function jsonText(v: JsonValue | undefined): string {
  if (v === undefined) return '(absent)';
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/** One display field per top-level key of an object (`prefix.key`), or one field for anything else. */
export function flattenFields(prefix: string, v: JsonValue | undefined): { name: string; value: string }[] {
  if (isJsonObject(v)) {
    const keys = Object.keys(v);
    if (keys.length === 0) return [{ name: prefix, value: '{}' }];
    return keys.map((k) => {
      const child = v[k];
      return { name: `${prefix}.${k}`, value: typeof child === 'string' ? child : jsonText(child) };
    });
  }
  return [{ name: prefix, value: typeof v === 'string' ? v : jsonText(v) }];
}
