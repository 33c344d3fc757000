/**
 * One direction of the tap: bytes go on untouched (CRLF, a line split across reads, noise, a 10 MB line), each whole
 * line is read once, and while holding, lines wait in order behind the held one.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineCutter, lineEnd, lineText } from './tap-lines.ts';
import { Pump, type PumpDecision } from './tap-pump.ts';

function pump(holding: () => boolean, hold: (line: Buffer) => Promise<PumpDecision> | undefined = () => undefined) {
  const source = new PassThrough();
  const sink = new PassThrough();
  const out: Buffer[] = [];
  sink.on('data', (c: Buffer) => out.push(c));
  const seen: string[] = [];
  const dropped: string[] = [];
  let ended = false;
  const p = new Pump({
    source,
    sink,
    holding,
    seen: (line) => seen.push(lineText(line)),
    hold,
    dropped: (line) => dropped.push(lineText(line)),
    ended: () => (ended = true),
  });
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  return { p, source, out: () => Buffer.concat(out), seen, dropped, flush, ended: () => ended };
}

describe('LineCutter', () => {
  it('gives each line with its own line end, whole once its end comes', () => {
    const cut = new LineCutter();
    expect(cut.push(Buffer.from('{"a":1}\r\n{"b"'))).toEqual([Buffer.from('{"a":1}\r\n')]);
    expect(cut.pending).toBe(4);
    const [line] = cut.push(Buffer.from(':2}\n'));
    expect(line!.toString()).toBe('{"b":2}\n');
    expect(lineEnd(Buffer.from('x\r\n'))).toBe('\r\n');
    expect(lineText(Buffer.from('x\r\n'))).toBe('x');
  });
});

describe('Pump', () => {
  it('passes bytes untouched, split lines, CRLF and noise included, and reads each whole line once', async () => {
    const t = pump(() => false);
    const input = ['{"jsonrpc":"2.0","id":1,', '"method":"ping"}\r\nnot json at all\n{"x"', ':1}\n', 'tail'];
    for (const part of input) t.source.write(part);
    t.source.end();
    await t.flush();
    expect(t.out().toString()).toBe(input.join(''));
    expect(t.seen).toEqual(['{"jsonrpc":"2.0","id":1,"method":"ping"}', 'not json at all', '{"x":1}', 'tail']);
    expect(t.ended()).toBe(true);
  });

  it('passes a 10 MB message whole', async () => {
    const t = pump(() => false);
    const big = `{"jsonrpc":"2.0","id":1,"result":{"text":"${'x'.repeat(10 * 1024 * 1024)}"}}\n`;
    for (let i = 0; i < big.length; i += 65536) t.source.write(big.slice(i, i + 65536));
    t.source.end();
    await t.flush();
    expect(t.out().toString()).toBe(big);
    expect(t.seen).toHaveLength(1);
  });

  it('holds a line, keeps the lines behind it in order, and writes the edit with the line end it came with', async () => {
    let release: (d: PumpDecision) => void = () => undefined;
    let holding = true;
    const t = pump(
      () => holding,
      (line) => (lineText(line).includes('"id":1') ? new Promise((resolve) => (release = resolve)) : undefined),
    );
    t.source.write('{"id":1}\r\n{"id":2}\r\n');
    await t.flush();
    expect(t.out().toString()).toBe('');
    holding = false;
    t.source.write('{"id":3}\n');
    await t.flush();
    expect(t.out().toString()).toBe('');
    release({ kind: 'forward', line: '{"id":1,"edited":true}' });
    await t.flush();
    expect(t.out().toString()).toBe('{"id":1,"edited":true}\r\n{"id":2}\r\n{"id":3}\n');
  });

  it('drops a line when told, and the tap answers in its place', async () => {
    const t = pump(
      () => true,
      () => Promise.resolve({ kind: 'drop' }),
    );
    t.source.write('{"id":7}\n');
    await t.flush();
    t.p.inject('{"answer":"dropped"}\n');
    expect(t.dropped).toEqual(['{"id":7}']);
    expect(t.out().toString()).toBe('{"answer":"dropped"}\n');
  });
});
