import { describe, expect, it } from 'vitest';
import { argumentsText, parseArgumentsJson, positionOf } from './arguments-json.ts';

// 2026-07-28 server/tools "Calling Tools": params.arguments is a JSON object (CallToolRequestParams.arguments)
describe('parseArgumentsJson (tools/call arguments, 2026-07-28 server/tools)', () => {
  it('keeps line breaks and types a form cannot express when the text is a JSON object', () => {
    const parsed = parseArgumentsJson('{ "note": "line1\\nline2", "n": 1.5, "off": null, "deep": { "a": [1] } }');
    expect(parsed).toEqual({ ok: true, value: { note: 'line1\nline2', n: 1.5, off: null, deep: { a: [1] } } });
  });

  it('names the line and column where the text stops being JSON when it does not parse', () => {
    const parsed = parseArgumentsJson('{\n  "a": 1,\n}');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed).toMatchObject({ line: 3, column: 1, offset: 12 });
    expect(parsed.message).toMatch(/^Invalid JSON at line 3, column 1: /);
    expect(parsed.message).not.toMatch(/position/);
  });

  it('points at the end of the text when the JSON is cut short', () => {
    const parsed = parseArgumentsJson('{ "a": ');
    expect(parsed).toMatchObject({ ok: false, line: 1, column: 8 });
  });

  it('refuses arrays, strings, numbers and null when the arguments must be an object', () => {
    for (const [text, kind] of [
      ['[1]', 'an array'],
      ['"x"', 'a string'],
      ['3', 'a number'],
      ['null', 'null'],
    ] as const) {
      const parsed = parseArgumentsJson(text);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message).toContain(`not ${kind}`);
    }
  });

  it('asks for {} when the text is empty', () => {
    expect(parseArgumentsJson('  ')).toMatchObject({ ok: false, message: expect.stringContaining('{}') as string });
  });

  it('round-trips the form values through the text the JSON side shows', () => {
    const value = { region: 'us west', debug: true };
    expect(parseArgumentsJson(argumentsText(value))).toEqual({ ok: true, value });
  });

  it('counts lines and columns from 1 when converting an offset', () => {
    expect(positionOf('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(positionOf('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
