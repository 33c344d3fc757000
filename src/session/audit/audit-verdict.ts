/**
 * How the audit reads one answer of the server to a variant it sent: relative to the round it answered, did the call
 * go forward (the variant was accepted), start that round over, end with a tool error, or get a protocol error; or was
 * the answer broken (no answer, a timeout, an HTTP 5xx), which judges nothing. Pure.
 */
import type { Leg } from '../model.ts';
import type { InputRequests } from '../../protocol/types.ts';

export type Verdict =
  | { kind: 'advanced'; summary: string }
  | { kind: 'reasked'; summary: string }
  | { kind: 'refused'; summary: string; signature: string }
  | { kind: 'rejected'; code: number; summary: string; signature: string }
  | { kind: 'broken'; summary: string };

function text(result: Record<string, unknown>): string {
  const content = Array.isArray(result.content) ? result.content : [];
  const parts = content.flatMap((b) =>
    typeof b === 'object' && b !== null && typeof (b as { text?: unknown }).text === 'string'
      ? [(b as { text: string }).text]
      : [],
  );
  const joined = parts.join(' ').replace(/\s+/g, ' ');
  return joined.length > 120 ? `${joined.slice(0, 117)}...` : joined || '(no text)';
}

/** `asked`: the keys of the round the variant answered (the same keys again means the round started over). */
export function verdictOf(leg: Leg, asked: InputRequests): Verdict {
  const o = leg.outcome;
  const http = leg.exchange.response?.status;
  // a server that failed (HTTP 5xx) did not judge the state: its answer is no refusal
  if (http !== undefined && http >= 500) {
    const what = o.kind === 'error' ? `${o.error.code} ${o.error.message}` : 'reason' in o ? o.reason : o.kind;
    return { kind: 'broken', summary: `HTTP ${http}: ${what}` };
  }
  switch (o.kind) {
    case 'error': {
      const signature = JSON.stringify([http, o.error.code, o.error.message, o.error.data ?? null]);
      return {
        kind: 'rejected',
        code: o.error.code,
        summary: `${http ?? '?'} / ${o.error.code} ${o.error.message}`,
        signature,
      };
    }
    case 'complete':
      return o.result.isError === true
        ? {
            kind: 'refused',
            summary: `tool error: ${text(o.result)}`,
            signature: JSON.stringify([http, 'isError', text(o.result)]),
          }
        : { kind: 'advanced', summary: `completed: ${text(o.result)}` };
    case 'input_required': {
      const keys = Object.keys(o.inputRequests ?? {})
        .sort()
        .join(',');
      const before = Object.keys(asked).sort().join(',');
      if (o.stateOnly || keys === before) {
        return { kind: 'reasked', summary: o.stateOnly ? 'state-only input_required' : `asked again (${keys})` };
      }
      return { kind: 'advanced', summary: `went on to the next round (asks ${keys || 'nothing'})` };
    }
    case 'task':
      return { kind: 'advanced', summary: `became a task (${o.task.status})` };
    default:
      return { kind: 'broken', summary: `${o.kind}: ${o.reason}` };
  }
}
