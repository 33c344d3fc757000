/**
 * The tap secret: a random token the inspector writes, when it starts listening, to a file only the user can read
 * (mode 0600 in a 0700 directory), and a tap reads before it connects. Holding it is what makes a process a tap: the
 * channel refuses any connection without it. One file per inspector port, so two inspectors never share one.
 *
 * The directory: `MRTR_INSPECTOR_RUNTIME_DIR` when set, else `~/.config/mrtr-inspector`: hosts launch their servers
 * with a trimmed environment (the Python SDK passes HOME and PATH, not XDG_RUNTIME_DIR), so the place is one the tap
 * finds from HOME alone. Node-only.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

function tapTokenDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MRTR_INSPECTOR_RUNTIME_DIR) return env.MRTR_INSPECTOR_RUNTIME_DIR;
  return join(env.HOME || homedir(), '.config', 'mrtr-inspector');
}

export function tapTokenPath(port: number, env: NodeJS.ProcessEnv = process.env): string {
  return join(tapTokenDir(env), `tap-${port}.token`);
}

/** Who may read a file: none but its owner, and the owner is this user (where the platform has user ids). */
function privateToUser(path: string): boolean {
  const stat = lstatSync(path);
  if (!stat.isFile() && !stat.isDirectory()) return false;
  if (process.platform === 'win32') return true;
  return (stat.mode & 0o077) === 0 && (process.getuid === undefined || stat.uid === process.getuid());
}

/** A new secret for the inspector on `port`, written where taps look for it; returns it and how to remove the file. */
export function writeTapToken(port: number, env: NodeJS.ProcessEnv = process.env): { token: string; remove(): void } {
  const dir = tapTokenDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') chmodSync(dir, 0o700);
  if (!privateToUser(dir)) throw new Error(`${dir} is not private to this user: the tap secret is not written there`);
  const path = tapTokenPath(port, env);
  const token = randomBytes(32).toString('base64url');
  // a file (or a link) left there before is replaced, never written through
  try {
    unlinkSync(path);
  } catch {
    // none was there
  }
  writeFileSync(path, token, { mode: 0o600, flag: 'wx' });
  return {
    token,
    remove: () => {
      try {
        if (readFileSync(path, 'utf8') === token) unlinkSync(path);
      } catch {
        // already gone, or another inspector's now
      }
    },
  };
}

/**
 * The secret of the inspector on `port`, or why there is none to use: no file (no inspector there), or a file
 * others could read or write (then it is not trusted).
 */
export function readTapToken(port: number, env: NodeJS.ProcessEnv = process.env): { token: string } | { why: string } {
  const path = tapTokenPath(port, env);
  try {
    if (!privateToUser(path)) return { why: `${path} can be read by other users; the tap does not use it` };
    const token = readFileSync(path, 'utf8').trim();
    return token ? { token } : { why: `${path} is empty` };
  } catch {
    return { why: `no inspector's secret at ${path}` };
  }
}
