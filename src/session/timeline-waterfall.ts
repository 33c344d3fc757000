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
    spanMs = Math.max(spanMs, serverStart + leg.durationMs);
    return {
      legId: leg.legId,
      round: leg.round,
      thinkStart: serverStart - thinkMs,
      thinkMs,
      serverStart,
      serverMs: leg.durationMs,
    };
  });
  return { bars, spanMs, serverMs: row.serverMs, thinkMs: row.thinkMs };
}
