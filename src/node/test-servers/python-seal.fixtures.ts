/**
 * Test support: the Python SDK's MCPServer (`mcp` 2.3.0) as an independent server for the audit
 * (`python-seal-server.py` beside this file). `pythonSealEnv()` makes a venv with `mcp==2.3.0` (kept in
 * node_modules/.cache, so the install is paid once) or says why it cannot; `startPythonSeal()` starts one server
 * process and waits until it answers.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const SCRIPT = join(HERE, 'python-seal-server.py');
const VENV = join(HERE, '..', '..', '..', 'node_modules', '.cache', 'python-seal-venv');
const MCP_PYTHON_VERSION = '2.3.0';

/** The venv's python with `mcp` importable, or the reason there is none (python missing, pip install impossible). */
export function pythonSealEnv(): { python: string } | { skip: string } {
  const python = join(VENV, 'bin', 'python');
  const hasMcp = () =>
    existsSync(python) &&
    spawnSync(python, ['-c', `import mcp, importlib.metadata as m; assert m.version("mcp") == "${MCP_PYTHON_VERSION}"`])
      .status === 0;
  if (hasMcp()) return { python };
  const system = spawnSync('python3', ['-c', 'import sys; assert sys.version_info >= (3, 10)'], { encoding: 'utf8' });
  if (system.error || system.status !== 0) return { skip: 'no python3 >= 3.10 on this machine' };
  mkdirSync(dirname(VENV), { recursive: true });
  const venv = spawnSync('python3', ['-m', 'venv', VENV], { encoding: 'utf8' });
  if (venv.status !== 0) return { skip: `python3 -m venv failed: ${venv.stderr.trim().split('\n').at(-1)}` };
  // the machine's pip configuration says where packages come from; fail fast rather than retry an index it lacks
  const pip = spawnSync(
    python,
    ['-m', 'pip', 'install', '--quiet', '--retries', '0', '--timeout', '20', `mcp==${MCP_PYTHON_VERSION}`],
    { encoding: 'utf8', timeout: 240_000 },
  );
  if (pip.status !== 0 || !hasMcp())
    return {
      skip: `pip install mcp==${MCP_PYTHON_VERSION} is impossible here: ${(pip.stderr || String(pip.error ?? '')).trim().split('\n').at(-1)}`,
    };
  return { python };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface PythonSeal {
  /** the MCP endpoint, `http://127.0.0.1:<port>/mcp` */
  url: string;
  close(): Promise<void>;
}

/** One server process: `name` is its audience; processes given the same `key` share it. */
export async function startPythonSeal(
  python: string,
  opts: { name: string; key: string; ttlSeconds: number },
): Promise<PythonSeal> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    python,
    [SCRIPT, '--port', String(port), '--name', opts.name, '--key', opts.key, '--ttl', String(opts.ttlSeconds)],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${port}/mcp`;
  const close = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`the Python server exited: ${stderr.slice(-500)}`);
    try {
      await fetch(url, { method: 'POST' });
      return { url, close };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await close();
  throw new Error(`the Python server did not answer within 15 s: ${stderr.slice(-500)}`);
}
