/**
 * Why a server refused a requestState, from its own log. Servers answer every bad state with one frozen error
 * (`-32602 Invalid or expired requestState`) and write the real reason to their log: the Python SDK logs
 * `requestState rejected on tools/call: seal` (or `expired`, `principal`, `audience`...) on stderr. When the inspector
 * can read that log (a stdio server it launched, or one behind a tap), the line written within a moment of the refusal
 * that names a reason is the server's own word on it. Pure.
 */

/** A log line and when it was written (ms epoch). */
export interface TimedLogLine {
  at: number;
  line: string;
}

/** How far apart the refusal and its log line may be: the server logs as it refuses, the answer follows at once. */
const LOG_REASON_WINDOW_MS = 2_000;

/** A line that speaks of a refused state: "requestState rejected", "request state invalid: expired"... */
const NAMES_A_REFUSAL = /request[ _-]?state\b.*\b(rejected|refused|invalid|expired|mismatch|failed|tampered)\b/i;

/** The frozen refusal: -32602 whose message speaks of the requestState. */
function isStateRefusal(error: { code?: unknown; message?: unknown } | undefined): boolean {
  return error?.code === -32602 && typeof error.message === 'string' && /request[ _-]?state/i.test(error.message);
}

/**
 * The log line that says why the server refused a state, or undefined: the refusal must be the frozen -32602, and the
 * line one that names a refused state, written within `windowMs` of the refusal (`at`: when its answer came). Of
 * several, the nearest in time.
 */
export function serverLogReason(
  refusal: { at: number; error?: { code?: unknown; message?: unknown } },
  log: readonly TimedLogLine[],
  windowMs = LOG_REASON_WINDOW_MS,
): TimedLogLine | undefined {
  if (!isStateRefusal(refusal.error)) return undefined;
  let best: TimedLogLine | undefined;
  for (const entry of log) {
    const distance = Math.abs(entry.at - refusal.at);
    if (distance > windowMs || !NAMES_A_REFUSAL.test(entry.line)) continue;
    if (!best || distance < Math.abs(best.at - refusal.at)) best = entry;
  }
  return best;
}
