/**
 * Compare two legs part by part: params, inputRequests, inputResponses, result, headers (line diffs of pretty JSON
 * via the `diff` package) and the requestState sent and received (positional byte diff). Pure.
 */
import { diffLines } from 'diff';
import type { HeaderList } from '../../protocol/exchange.ts';
import { byteDiff, diffSummary, type DiffRange, type DiffSummary } from '../../protocol/request-state/byte-diff.ts';
import { toBytes } from '../../protocol/request-state/bytes.ts';
import { redactHeaderValue } from '../io/redact.ts';
import type { Leg } from '../model.ts';
import { isJsonObject } from '../../protocol/types.ts';

/** Texts longer than this are compared for equality only (a line diff of MBs would freeze the page). */
export const MAX_DIFF_CHARS = 300_000;

export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

export interface TextDiff {
  id: 'params' | 'inputRequests' | 'inputResponses' | 'result' | 'requestHeaders' | 'responseHeaders';
  label: string;
  changed: boolean;
  /** line diff; absent when the texts were too large to diff */
  lines?: DiffLine[];
  tooLarge?: boolean;
}

export interface StateDiff {
  label: string;
  before?: string;
  after?: string;
  changed: boolean;
  ranges: DiffRange[];
  summary: DiffSummary;
}

export interface LegDiff {
  sections: TextDiff[];
  requestState: { sent: StateDiff; received: StateDiff };
}

function pretty(value: unknown): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, 2) ?? '';
  } catch {
    return String(value);
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function obj(value: unknown): Record<string, unknown> | undefined {
  return isJsonObject(value) ? (value as Record<string, unknown>) : undefined;
}

function headersText(headers: HeaderList | undefined): string {
  if (!headers) return '';
  return headers.map(([k, v]) => `${k}: ${redactHeaderValue(k, v)}`).join('\n');
}

/** The parts of a leg that get a text diff, as pretty JSON text. */
function legParts(leg: Leg): Record<TextDiff['id'], string> {
  const body = obj(parse(leg.exchange.request.body));
  const params = obj(body?.params);
  let request: unknown = leg.exchange.request.body;
  if (body) {
    const rest = params ? { ...params } : undefined;
    if (rest) {
      delete rest.inputResponses;
      delete rest.requestState;
    }
    request = { id: body.id, method: body.method, params: rest };
  }
  const message = obj(leg.exchange.message);
  const result = message ? (message.result ?? { error: message.error }) : leg.exchange.response?.body;
  const resultObj = obj(message?.result);
  return {
    params: pretty(request),
    inputRequests: pretty(resultObj?.inputRequests),
    inputResponses: pretty(params?.inputResponses),
    result: leg.outcome.kind === 'transport' ? `(no response: ${leg.outcome.reason})` : pretty(result),
    requestHeaders: headersText(leg.exchange.request.headers),
    responseHeaders: headersText(leg.exchange.response?.headers),
  };
}

const LABELS: Record<TextDiff['id'], string> = {
  params: 'params',
  inputRequests: 'inputRequests',
  inputResponses: 'inputResponses',
  result: 'result',
  requestHeaders: 'request headers',
  responseHeaders: 'response headers',
};

export function textDiff(id: TextDiff['id'], before: string, after: string): TextDiff {
  const changed = before !== after;
  if (before.length > MAX_DIFF_CHARS || after.length > MAX_DIFF_CHARS) {
    return { id, label: LABELS[id], changed, tooLarge: true };
  }
  const lines: DiffLine[] = [];
  for (const change of diffLines(before, after)) {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    const text = change.value.endsWith('\n') ? change.value.slice(0, -1) : change.value;
    for (const line of text.split('\n')) lines.push({ kind, text: line });
  }
  return { id, label: LABELS[id], changed, lines };
}

function stateDiff(label: string, before: string | undefined, after: string | undefined): StateDiff {
  const ranges = byteDiff(toBytes(before ?? ''), toBytes(after ?? ''));
  const out: StateDiff = { label, changed: before !== after, ranges, summary: diffSummary(ranges) };
  if (before !== undefined) out.before = before;
  if (after !== undefined) out.after = after;
  return out;
}

function receivedState(leg: Leg): string | undefined {
  return leg.outcome.kind === 'input_required' ? leg.outcome.requestState : undefined;
}

function sentState(leg: Leg): string | undefined {
  const params = obj(obj(parse(leg.exchange.request.body))?.params);
  const value = params?.requestState;
  if (typeof value === 'string') return value;
  return params ? undefined : leg.sent.requestState;
}

/** `before` is the base (usually the previous leg), `after` the leg being inspected. */
export function legDiff(before: Leg, after: Leg): LegDiff {
  const a = legParts(before);
  const b = legParts(after);
  const ids = Object.keys(LABELS) as TextDiff['id'][];
  return {
    sections: ids.map((id) => textDiff(id, a[id], b[id])),
    requestState: {
      sent: stateDiff('requestState sent', sentState(before), sentState(after)),
      received: stateDiff('requestState received', receivedState(before), receivedState(after)),
    },
  };
}

/** The default base for a diff: the leg before `legId` in the conversation's own order. */
export function previousLegId(legIds: readonly string[], legId: string): string | undefined {
  const i = legIds.indexOf(legId);
  return i > 0 ? legIds[i - 1] : undefined;
}
