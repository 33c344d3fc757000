import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellQuote, toCurl, toFetch } from './curl.ts';
import type { RecordedRequest } from './exchange.ts';

const request: RecordedRequest = {
  url: 'http://127.0.0.1:9/mcp',
  method: 'POST',
  headers: [
    ['Content-Type', 'application/json'],
    ['Mcp-Name', "o'brien"],
  ],
  body: JSON.stringify({ text: 'it\'s $HOME `x` \\ "q" \n ünï' }),
};

describe('shellQuote', () => {
  it('round-trips quotes, dollars, backticks and newlines through a real shell when quoted', () => {
    const nasty = "a'b\"c $HOME `id` \\ \n 'end'";
    const echoed = execFileSync('sh', ['-c', `printf %s ${shellQuote(nasty)}`], { encoding: 'utf8' });
    expect(echoed).toBe(nasty);
  });
});

describe('toCurl', () => {
  it('passes every header and the exact body when the command runs in a shell', () => {
    // replace curl with a function that prints its arguments, one per line
    const script = `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n${toCurl(request)}`;
    const args = execFileSync('sh', ['-c', script], { encoding: 'utf8' }).split('\0').slice(0, -1);
    expect(args).toEqual([
      '-sS',
      '-X',
      'POST',
      'http://127.0.0.1:9/mcp',
      '-H',
      'Content-Type: application/json',
      '-H',
      "Mcp-Name: o'brien",
      '--data-raw',
      request.body,
    ]);
  });
  it('puts everything on one line when multiline is off', () => {
    expect(toCurl(request, { multiline: false })).not.toContain('\\\n');
  });
});

describe('toFetch', () => {
  it('produces a call whose options evaluate to the same headers and body', () => {
    const captured: unknown[] = [];
    const code = toFetch(request).replace(/^await /, 'return ');
    new Function('fetch', code)((...a: unknown[]) => captured.push(...a));
    expect(captured[0]).toBe(request.url);
    expect(captured[1]).toEqual({
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Mcp-Name': "o'brien" },
      body: request.body,
    });
  });
});
