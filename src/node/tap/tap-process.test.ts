import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runTap } from './tap-process.ts';

describe('runTap', () => {
  it('ends a server that outlives its host by the grace period, as the stdio shutdown says (SIGTERM)', async () => {
    const stdin = new PassThrough();
    const sink = () => new PassThrough().resume();
    const ended = runTap({
      // nobody listens there: the tap carries the traffic unwatched
      inspector: 'http://127.0.0.1:9',
      command: process.execPath,
      // a server that ignores the end of its stdin
      args: ['-e', 'process.stdin.resume(); process.stdin.on("end", () => undefined); setInterval(() => {}, 1000)'],
      stdin,
      stdout: sink(),
      stderr: sink(),
      retryMs: 60_000,
      hostGoneGraceMs: 100,
    });
    stdin.end();
    await expect(ended).resolves.toEqual({ code: null, signal: 'SIGTERM' });
  });

  it('leaves a server that exits by itself when its stdin ends to do so', async () => {
    const stdin = new PassThrough();
    const sink = () => new PassThrough().resume();
    const ended = runTap({
      inspector: 'http://127.0.0.1:9',
      command: process.execPath,
      args: ['-e', 'process.stdin.resume(); process.stdin.on("end", () => process.exit(3))'],
      stdin,
      stdout: sink(),
      stderr: sink(),
      retryMs: 60_000,
      hostGoneGraceMs: 10_000,
    });
    stdin.end();
    await expect(ended).resolves.toEqual({ code: 3, signal: null });
  });
});
