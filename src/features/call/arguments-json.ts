import { isJsonObject } from '../../protocol/types.ts';
/**
 * The arguments of a call typed as JSON (the "JSON" side of the arguments editor). PURE. A `tools/call`'s
 * `params.arguments` is a JSON object (2026-07-28 server/tools, "Calling Tools"; `CallToolRequestParams.arguments`),
 * and so are a prompt's arguments: anything else is refused here, with where the text went wrong, so a call is never
 * sent with arguments the user did not mean.
 */

export type ArgumentsParse =
  | { ok: true; value: Record<string, unknown> }
  | {
      ok: false;
      /** one sentence for the user, with the line and column when the text does not parse */
      message: string;
      /** 1-based; present when the text is not JSON */
      line?: number;
      column?: number;
      /** 0-based offset into the text */
      offset?: number;
    };

/** `{ line, column }` (both 1-based) of a 0-based offset into `text`. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/**
 * Where `JSON.parse` stopped, from its message: V8 says "at position N" (newer ones add "(line L column C)"), other
 * engines name line and column; an unexpected end is the end of the text.
 */
function offsetOf(text: string, message: string): number {
  const pos = /at position (\d+)/.exec(message);
  if (pos) return Number(pos[1]);
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) {
    const lines = text.split('\n');
    const line = Math.min(Number(lc[1]), lines.length);
    return lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + Number(lc[2]) - 1;
  }
  return text.length;
}

/** Parses the JSON arguments: an object, or why not (with line and column for text that is not JSON). */
export function parseArgumentsJson(text: string): ArgumentsParse {
  if (text.trim() === '') {
    return { ok: false, message: 'The arguments are empty: type a JSON object, {} for none.' };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    const raw = err instanceof Error ? err.message : String(err);
    const offset = offsetOf(text, raw);
    const { line, column } = positionOf(text, offset);
    // the engine's own words, without its position (said once, in our terms)
    const reason = raw.replace(/\s*\(line \d+ column \d+\)/, '').replace(/\s*(in JSON )?at position \d+/, '');
    return { ok: false, message: `Invalid JSON at line ${line}, column ${column}: ${reason}.`, line, column, offset };
  }
  if (!isJsonObject(parsed)) {
    const kind = parsed === null ? 'null' : Array.isArray(parsed) ? 'an array' : `a ${typeof parsed}`;
    return { ok: false, message: `The arguments must be a JSON object ({ "name": value, … }), not ${kind}.` };
  }
  return { ok: true, value: parsed as Record<string, unknown> };
}

/** The text the JSON side shows for the form's values. */
export function argumentsText(value: Record<string, unknown>): string {
  return JSON.stringify(value, null, 2);
}

/** Top-level string arguments holding a line break, which a one-line form field cannot show (sent as they are). */
export function multiLineKeys(value: Record<string, unknown>): string[] {
  return Object.keys(value).filter((k) => {
    const v = value[k];
    return typeof v === 'string' && /[\r\n]/.test(v);
  });
}
