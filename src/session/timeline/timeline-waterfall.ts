/** Waterfall bars for one conversation: human think time before each leg, then the server time of the leg. */
import type { ConversationRow } from './timeline-rows.ts';

export interface WaterfallBar {
  legId: string;
  round: number;
  /** ms from the conversation's first leg start */
  thinkStart: number;
  thinkMs: number;
  serverStart: number;
  serverMs: number;
  /** folded polls (tasks extension): each poll's own bar, and the span from the first poll's start to the last's end */
  polls?: { legId: string; start: number; ms: number }[];
  spanMs?: number;
}

export interface Waterfall {
  bars: WaterfallBar[];
  /** ms from the first leg's start to the last leg's end */
  spanMs: number;
  serverMs: number;
  thinkMs: number;
}

export function waterfall(row: ConversationRow): Waterfall {
  const first = row.legs[0];
  if (!first) return { bars: [], spanMs: 0, serverMs: 0, thinkMs: 0 };
  const origin = first.startedAt;
  let spanMs = 0;
  const bars = row.legs.map((leg) => {
    const serverStart = leg.startedAt - origin;
    const thinkMs = leg.thinkMs ?? 0;
    const bar: WaterfallBar = {
      legId: leg.legId,
      round: leg.round,
      thinkStart: serverStart - thinkMs,
      thinkMs,
      serverStart,
      serverMs: leg.durationMs,
    };
    if (leg.folded) {
      bar.polls = leg.folded.map((p) => ({ legId: p.legId, start: p.startedAt - origin, ms: p.durationMs }));
      const last = bar.polls[bar.polls.length - 1]!;
      bar.spanMs = last.start + last.ms - serverStart;
    }
    spanMs = Math.max(spanMs, serverStart + (bar.spanMs ?? leg.durationMs));
    return bar;
  });
  return { bars, spanMs, serverMs: row.serverMs, thinkMs: row.thinkMs };
}
