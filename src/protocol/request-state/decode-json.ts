import type { JsonView } from './decoded-view.ts';
import { expiryFrom, flattenFields } from './expiry.ts';
import { isJsonObject } from '../types.ts';
import { clip, parseJsonOrNull } from './decode-util.ts';

/** Decode text that is a JSON object or array (plain numbers and strings are not reported). */
export function decodeJsonText(text: string, now: number, source: JsonView['source']): JsonView | null {
  const trimmed = text.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return null;
  const value = parseJsonOrNull(trimmed);
  if (value === undefined || typeof value !== 'object' || value === null) return null;
  const exp = isJsonObject(value) ? expiryFrom(value.exp, now) : null;
  const notes: string[] = ['Unprotected JSON: a client can change any field unless the server checks it.'];
  if (exp?.expired) notes.push('exp is in the past.');
  return {
    kind: 'json',
    label: source === 'raw' ? 'Plain JSON' : 'JSON inside base64',
    confidence: 'high',
    fields: flattenFields('json', value).map((f) => ({ name: f.name, value: clip(f.value) })),
    notes,
    value,
    source,
    exp,
  };
}
