/**
 * The tamper matrix, pure part: which mutations to send against a paused leg (one fork each), and what the server's
 * answer to each one means. The store sends the forks; the table reads the forks' last legs through `tamperResult`.
 */
import { decodeBase64, detectBase64, encodeBase64Url } from '../protocol/request-state/base64.ts';
import { toBytes } from '../protocol/request-state/bytes.ts';
import { decodeRequestState } from '../protocol/request-state/decode-request-state.ts';
import { utf8OrNull } from '../protocol/request-state/decode-util.ts';
import { v1Segments } from '../protocol/request-state/decode-v1.ts';
import { viewExpiry } from '../protocol/request-state/decoded-view.ts';
import { standardMutations } from '../protocol/request-state/mutations.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../protocol/types.ts';
import type { Conversation, Leg, SessionState, TamperRow } from './model.ts';

export interface TamperPlanOptions {
  /** ms epoch */
  now: number;
  /** the tool / prompt / uri of the paused call, to find a state minted for something else */
  target: string;
  /** requestStates handed out elsewhere in the session, with the target they were minted for */
  otherStates: readonly { label: string; value: string; target: string }[];
  /** the longest the expired-replay row may wait for `exp` to pass (default 15 s) */
  maxExpiryWaitMs?: number;
}

const EXPECTED = 'A verifying server answers -32602 "Invalid or expired requestState".';

/** Multiply the first number found (depth first) by 100, in place; returns the path and values, or null. */
function bumpFirstNumber(value: JsonValue, path: string): { path: string; from: number; to: number } | null {
  if (typeof value !== 'object' || value === null) return null;
  for (const [k, v] of Object.entries(value)) {
    const here = path ? `${path}.${k}` : k;
    if (typeof v === 'number') {
      const to = v === 0 ? 999 : v * 100;
      (value as Record<string, JsonValue>)[k] = to;
      return { path: here, from: v, to };
    }
    const deeper = bumpFirstNumber(v, here);
    if (deeper) return deeper;
  }
  return null;
}

function jsonOf(text: string | null): JsonObject | null {
  if (text === null) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return isJsonObject(v) ? v : null;
  } catch {
    return null;
  }
}

function encodeLike(original: string, json: string): string {
  const url = encodeBase64Url(toBytes(json));
  if (detectBase64(original) !== 'base64') return url;
  const std = url.replace(/-/g, '+').replace(/_/g, '/');
  return std + '='.repeat((4 - (std.length % 4)) % 4);
}

/**
 * Rewrite a number inside a readable token (v1 payload, base64 JSON, raw JSON) as an attacker would: the payload is
 * changed on purpose, the MAC (if any) kept. Null when the token holds no readable number.
 */
export function rewriteNumber(token: string): { token: string; path: string; from: number; to: number } | null {
  const v1 = v1Segments(token);
  if (v1) {
    const body = decodeBase64(token.slice(v1.body[0], v1.body[1]));
    const env = jsonOf(body ? utf8OrNull(body) : null);
    const hit = env && isJsonObject(env.p) ? bumpFirstNumber(env.p, 'p') : null;
    if (!env || !hit) return null;
    const next = `v1.${encodeBase64Url(toBytes(JSON.stringify(env)))}.${token.slice(v1.mac[0])}`;
    return { token: next, ...hit };
  }
  const raw = jsonOf(token);
  if (raw) {
    const hit = bumpFirstNumber(raw, '');
    return hit ? { token: JSON.stringify(raw), ...hit } : null;
  }
  const bytes = detectBase64(token) ? decodeBase64(token) : null;
  const inner = jsonOf(bytes ? utf8OrNull(bytes) : null);
  const hit = inner ? bumpFirstNumber(inner, '') : null;
  return inner && hit ? { token: encodeLike(token, JSON.stringify(inner)), ...hit } : null;
}

function row(mutationId: string, label: string, description: string, requestState: string | null): TamperRow {
  return { mutationId, label, description, requestState, status: 'pending' };
}

function skipped(mutationId: string, label: string, description: string, reason: string): TamperRow {
  return { mutationId, label, description, requestState: null, status: 'skipped', skipReason: reason };
}

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 120 ? `${s} s` : s < 7200 ? `${Math.round(s / 60)} min` : `${Math.round(s / 3600)} h`;
}

/**
 * The rows of a matrix against `token` (the state the server gave; undefined when it gave none): an untouched control
 * first, then the standard mutations, a rewritten number, a state from another tool, and the replay after expiry
 * (waiting only when the token's exp is near; otherwise skipped with the reason).
 */
export function planTamperMatrix(token: string | undefined, o: TamperPlanOptions): TamperRow[] {
  const maxWait = o.maxExpiryWaitMs ?? 15_000;
  const state = token ?? '';
  const views = decodeRequestState(state, o.now);
  const rows: TamperRow[] = [
    row('control', 'Unchanged (control)', 'The state exactly as the server gave it: the baseline.', token ?? null),
  ];
  for (const m of standardMutations(state, views)) {
    if (m.id === 'expired-replay') continue;
    rows.push(row(m.id, m.label, m.description, m.apply(state)));
  }
  const rewritten = rewriteNumber(state);
  rows.push(
    rewritten
      ? row(
          'rewrite-number',
          'Rewrite a number in the payload',
          `Change ${rewritten.path} from ${rewritten.from} to ${rewritten.to}, keeping any MAC. ${EXPECTED} A server that trusts its state uses the new value.`,
          rewritten.token,
        )
      : skipped('rewrite-number', 'Rewrite a number in the payload', EXPECTED, 'no readable number in the token'),
  );
  const other = o.otherStates.find((s) => s.target !== o.target && s.value !== token);
  const swapLabel = 'State from another tool';
  const swapWhy = `Send a state minted for a different call. A server that binds state to the request rejects it. ${EXPECTED}`;
  rows.push(
    other
      ? row('other-tool', `${swapLabel} (${other.label})`, swapWhy, other.value)
      : skipped('other-tool', swapLabel, swapWhy, 'no state from another tool in this session yet: call one first'),
  );
  const expLabel = 'Replay after expiry';
  const expWhy = `Resend the unchanged token once its exp has passed. ${EXPECTED}`;
  const exp = views.map(viewExpiry).find((e) => e !== null);
  if (!exp) {
    rows.push(skipped('expired-replay', expLabel, expWhy, 'the token carries no exp: nothing to wait for'));
  } else {
    // the SDK rejects once exp < floor(now / 1000): wait past the next whole second
    const waitUntil = (exp.unixSeconds + 1) * 1000 + 250;
    if (waitUntil - o.now > maxWait) {
      rows.push(
        skipped(
          'expired-replay',
          expLabel,
          expWhy,
          `the token expires in ${duration(waitUntil - o.now)}: too long to wait (limit ${duration(maxWait)})`,
        ),
      );
    } else {
      rows.push({ ...row('expired-replay', expLabel, expWhy, token ?? null), waitUntil: Math.max(o.now, waitUntil) });
    }
  }
  return rows;
}

export type TamperVerdict =
  'pending' | 'waiting' | 'skipped' | 'rejected' | 'accepted' | 'refused' | 'reasked' | 'broken';

export interface TamperResult {
  verdict: TamperVerdict;
  httpStatus?: number;
  code?: number;
  /** one line for the table: the error, the result text, or why it was skipped */
  summary: string;
}

function resultText(result: JsonObject): string {
  const content = Array.isArray(result.content) ? result.content : [];
  const texts = content.flatMap((b) => (isJsonObject(b) && typeof b.text === 'string' ? [b.text] : []));
  return texts.join(' ').slice(0, 300) || '(no text content)';
}

/** What the server answered a row's fork: its last leg, read as a verdict plus one line of text. */
export function tamperResult(rowValue: TamperRow, leg: Leg | undefined): TamperResult {
  if (rowValue.status === 'skipped') return { verdict: 'skipped', summary: `skipped: ${rowValue.skipReason ?? ''}` };
  if (!leg) {
    return rowValue.status === 'waiting'
      ? { verdict: 'waiting', summary: 'waiting for the token to expire' }
      : { verdict: 'pending', summary: 'not sent yet' };
  }
  const out: TamperResult = { verdict: 'broken', summary: '' };
  if (leg.exchange.response) out.httpStatus = leg.exchange.response.status;
  const o = leg.outcome;
  switch (o.kind) {
    case 'error':
      out.verdict = 'rejected';
      out.code = o.error.code;
      out.summary = `${o.error.code} ${o.error.message}`;
      break;
    case 'complete':
      out.verdict = o.result.isError === true ? 'refused' : 'accepted';
      out.summary =
        out.verdict === 'accepted'
          ? `accepted! ${resultText(o.result)}`
          : `tool error (isError): ${resultText(o.result)}`;
      break;
    case 'input_required':
      out.verdict = 'reasked';
      out.summary = o.stateOnly ? 'input_required again (state only)' : 'asked again (the flow started over)';
      break;
    case 'invalid':
    case 'transport':
      out.summary = o.reason;
      break;
  }
  return out;
}

export interface TamperRowView extends TamperResult {
  mutationId: string;
  label: string;
  description: string;
  /** the requestState sent, shortened for a table cell */
  sent: string;
  branchId?: string;
}

function preview(state: string | null): string {
  if (state === null) return '(omitted)';
  if (state === '') return '(empty string)';
  return state.length > 32 ? `${state.slice(0, 14)}…${state.slice(-14)} (${state.length} chars)` : state;
}

/** The table of a conversation's latest tamper run, each row read from its fork's last leg. */
export function tamperRows(state: SessionState, conversation: Conversation): TamperRowView[] {
  return (conversation.tamperRun?.rows ?? []).map((r) => {
    const branch = r.branchId ? state.conversations[r.branchId] : undefined;
    const lastId = branch?.legIds[branch.legIds.length - 1];
    const leg = lastId ? state.legs[lastId] : undefined;
    const own = leg && leg.conversationId === branch?.id ? leg : undefined;
    const view: TamperRowView = {
      mutationId: r.mutationId,
      label: r.label,
      description: r.description,
      sent: r.status === 'skipped' ? '' : preview(r.requestState),
      ...tamperResult(r, own),
    };
    if (r.branchId) view.branchId = r.branchId;
    return view;
  });
}
