import { deflateSync, Inflate, strFromU8, strToU8 } from 'fflate';
import type { SessionState } from '../model.ts';
import { pickConversations } from './merge.ts';
import { redactSession, type NotSecret } from './redact.ts';
import { parseSessionFile, toSessionFile, type ParseResult } from './session-file.ts';

export const SHARE_PARAM = 'share';
/** Longest share URL this app makes: chat apps, mail clients and some browsers cut longer links. */
export const SHARE_LINK_MAX_CHARS = 32_000;
/** Refuse to inflate more than this (a crafted link must not exhaust memory). */
export const SHARE_MAX_INFLATED_BYTES = 8 * 1024 * 1024;
const PREFIX = '1.';

export interface ShareOptions {
  /** page URL without fragment, e.g. https://host/inspector/ */
  baseUrl: string;
  /** the conversations to share (default: all) */
  conversationIds?: string[];
  includeSecrets?: boolean;
  /** custom header names and `?query` names the user marked "not secret" (kept when secrets are redacted) */
  notSecret?: NotSecret;
  now: number;
  maxChars?: number;
}

export type ShareResult = { ok: true; url: string; chars: number } | { ok: false; error: string; chars: number };

function toBase64Url(data: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Outcomes are recomputed from the recorded bytes on load, so the link carries only their kind. */
function slim(session: SessionState): SessionState {
  const legs: SessionState['legs'] = {};
  for (const [id, leg] of Object.entries(session.legs)) {
    legs[id] = { ...leg, outcome: { kind: leg.outcome.kind } as typeof leg.outcome };
  }
  return { ...session, legs };
}

/**
 * A URL whose fragment (`#share=1.<base64url deflate>`) holds the session file. Fragments never reach a server.
 * Secrets are redacted unless included; beyond the size limit the result says how big it would be.
 */
export function encodeShareLink(session: SessionState, opts: ShareOptions): ShareResult {
  const picked = opts.conversationIds ? pickConversations(session, opts.conversationIds) : session;
  const safe = opts.includeSecrets ? picked : redactSession(picked, opts.notSecret);
  const file = toSessionFile(slim(safe), { redacted: !opts.includeSecrets, now: opts.now });
  const packed = deflateSync(strToU8(JSON.stringify(file)), { level: 9 });
  const url = `${opts.baseUrl.split('#')[0]}#${SHARE_PARAM}=${PREFIX}${toBase64Url(packed)}`;
  const max = opts.maxChars ?? SHARE_LINK_MAX_CHARS;
  if (url.length > max) {
    return {
      ok: false,
      chars: url.length,
      error: `This is too large for a share link: ${url.length.toLocaleString('en')} characters, the limit is ${max.toLocaleString('en')}. Share one conversation, or export a session file instead.`,
    };
  }
  return { ok: true, url, chars: url.length };
}

/** The share payload in a location hash, or undefined when the hash holds none. */
export function shareFragment(hash: string): string | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get(SHARE_PARAM) ?? undefined;
}

function inflateCapped(data: Uint8Array, cap: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflate = new Inflate((chunk) => {
    total += chunk.length;
    if (total > cap) throw new Error(`it unpacks to more than ${cap} bytes`);
    chunks.push(chunk);
  });
  inflate.push(data, true);
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Read a share payload (the value after `share=`). Every failure says what is wrong with the link. */
export function decodeSharePayload(payload: string, maxInflated = SHARE_MAX_INFLATED_BYTES): ParseResult {
  if (!payload.startsWith(PREFIX)) {
    const version = /^(\d+)\./.exec(payload)?.[1];
    return {
      ok: false,
      error: version
        ? `This share link was made by a newer version (${version}) of the link format; this MRTR Inspector reads version 1.`
        : 'This share link is not an MRTR Inspector link (it should start with "1.").',
    };
  }
  let text: string;
  try {
    const packed = fromBase64Url(payload.slice(PREFIX.length));
    text = strFromU8(inflateCapped(packed, maxInflated));
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return { ok: false, error: `This share link is damaged (${reason}). Was it cut off when it was copied?` };
  }
  const parsed = parseSessionFile(text);
  return parsed.ok ? parsed : { ...parsed, error: `This share link holds an invalid session: ${parsed.error}` };
}
