/** Spawns the TypeScript SDK client (`ts-sdk-client.ts`, a process of its own, as any client beside the inspector). */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const SCRIPT = join(import.meta.dirname, 'ts-sdk-client.ts');

type ClientOutcome = { text?: string; isError?: boolean; error?: { code: number; message: string; data?: unknown } };

export interface ClientRun {
  child: ChildProcess;
  /** resolves with the one JSON line the client prints when done */
  done: Promise<ClientOutcome>;
  exited(): boolean;
}

/**
 * Calls `tool` on `url` over the era given, answering every elicitation itself; with `oauth`, signs in first when the
 * server asks (401).
 */
export function runTsClient(
  url: string,
  era: 'modern' | 'legacy',
  tool: string,
  args: Record<string, unknown> = {},
  opts: { oauth?: boolean; headers?: Record<string, string> } = {},
): ClientRun {
  const argv = [SCRIPT, url, era, tool, JSON.stringify(args), ...(opts.oauth ? ['oauth'] : [])];
  const child = spawn(process.execPath, ['--import', 'tsx', ...argv], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // headers the client sends on every request besides its own (a cookie, an API key)
    env: { ...process.env, TS_CLIENT_HEADERS: JSON.stringify(opts.headers ?? {}) },
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const done = new Promise<ClientOutcome>((resolve, reject) =>
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1);
      if (!line) reject(new Error(`the TypeScript client printed nothing (exit ${code}): ${err.slice(-800)}`));
      else resolve(JSON.parse(line) as ClientOutcome);
    }),
  );
  return { child, done, exited: () => child.exitCode !== null };
}
