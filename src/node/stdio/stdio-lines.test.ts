import { describe, expect, it } from 'vitest';
import { createLineSplitter } from './stdio-lines.ts';

function split(maxLineBytes: number, chunks: string[]) {
  const lines: string[] = [];
  const tooLong: { head: string; bytes: number }[] = [];
  const splitter = createLineSplitter({
    maxLineBytes,
    onLine: (l) => lines.push(l),
    onTooLong: (head, bytes) => tooLong.push({ head, bytes }),
  });
  for (const c of chunks) splitter.push(Buffer.from(c));
  splitter.end();
  return { lines, tooLong };
}

describe('the line splitter', () => {
  it('joins lines split across chunks, drops CR and blank lines, and keeps a last line without a newline', () => {
    expect(split(100, ['{"a":', '1}\r\n\n{"b"', ':2}\n{"c":3}']).lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  });

  it('keeps a character split between chunks whole', () => {
    const bytes = Buffer.from('"é"\n');
    const lines: string[] = [];
    const splitter = createLineSplitter({ maxLineBytes: 100, onLine: (l) => lines.push(l), onTooLong: () => {} });
    splitter.push(bytes.subarray(0, 2));
    splitter.push(bytes.subarray(2));
    expect(lines).toEqual(['"é"']);
  });

  it('hands on the head and length of a line over the cap instead of the line, and goes on with the next', () => {
    const long = `{"id":"bridge-3","result":"${'x'.repeat(300)}"}`;
    const { lines, tooLong } = split(50, [long.slice(0, 20), long.slice(20), '\n{"ok":1}\n']);
    expect(lines).toEqual(['{"ok":1}']);
    expect(tooLong).toEqual([{ head: long.slice(0, 256), bytes: long.length }]);
  });
});
