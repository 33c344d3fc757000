import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellQuote, STDIN_BODY_BYTES, toCurl, toFetch } from './curl.ts';
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

  it('pipes a body over 64 KiB in through printf so a real curl program starts and gets the exact bytes', () => {
    // a 1 MiB requestState: one argument that size makes exec fail on Linux (E2BIG), so the body goes through stdin
    const state = 'ü'.repeat(1024 * 512);
    const big: RecordedRequest = { ...request, body: JSON.stringify({ params: { requestState: `'${state}'` } }) };
    const command = toCurl(big);
    expect(command).toContain('--data-binary @-');
    expect(command).not.toContain('--data-raw');
    // a stand-in curl program (exec'd, unlike a shell function): records its arguments and stdin
    const dir = mkdtempSync(join(tmpdir(), 'curl-test-'));
    try {
      writeFileSync(
        join(dir, 'curl'),
        `#!/bin/sh\nfor a in "$@"; do printf '%s\\0' "$a"; done > "${dir}/args"\ncat > "${dir}/body"\n`,
      );
      chmodSync(join(dir, 'curl'), 0o755);
      // the script goes to the shell on stdin, as a paste into a terminal does (`sh -c <script>` would exec it)
      execFileSync('sh', [], { input: command, env: { ...process.env, PATH: `${dir}:${process.env.PATH}` } });
      expect(readFileSync(join(dir, 'body'), 'utf8')).toBe(big.body);
      const args = readFileSync(join(dir, 'args'), 'utf8').split('\0').slice(0, -1);
      expect(args.slice(-2)).toEqual(['--data-binary', '@-']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps a small body inline and a body just over the limit (in UTF-8 bytes, not characters) on stdin', () => {
    expect(toCurl({ ...request, body: 'a'.repeat(STDIN_BODY_BYTES) })).toContain('--data-raw');
    // 43,691 characters of 'ü' are 87,382 bytes
    expect(toCurl({ ...request, body: 'ü'.repeat(STDIN_BODY_BYTES / 1.5 + 1) })).toContain('--data-binary @-');
    expect(toCurl(request, { bodyViaStdin: true, multiline: false })).toMatch(/^printf '%s' '.*' \| curl /s);
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
