import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from './servers.ts';

export interface MockProcess {
  mcpUrl: string;
  pid: number;
  /** resident set size now, bytes (from /proc) */
  rss(): number;
  /** peak resident set size since the process started, bytes (VmHWM) */
  peakRss(): number;
  close(): Promise<void>;
}

function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m?.[1] ? Number(m[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * Start e2e/bench/mock-child.ts (or another child with the same protocol, e.g. bare-sdk-child.ts) under
 * `node --import tsx` (with `env` added to this process's) and wait until it listens.
 */
export async function startMockProcess(
  script = 'e2e/bench/mock-child.ts',
  env: Record<string, string> = {},
): Promise<MockProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const first = await new Promise<string>((resolve, reject) => {
    if (!child.stdout) return reject(new Error('no stdout'));
    const lines = createInterface({ input: child.stdout });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`mock child exited with ${code}`)));
  });
  const { mcpUrl, pid } = JSON.parse(first) as { mcpUrl: string; pid: number };
  return {
    mcpUrl,
    pid,
    rss: () => procStatus(pid, 'VmRSS'),
    peakRss: () => procStatus(pid, 'VmHWM'),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send({ type: 'close' });
      }),
  };
}
