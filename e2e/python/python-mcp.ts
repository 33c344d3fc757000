/**
 * The Python SDK (`mcp` 2.3.0) for the proxy journeys: an independent client and server. The venv is made once per
 * checkout (`node_modules/.cache/mrtr-python-mcp`) with `python3 -m venv` and `pip install mcp==2.3.0` (pip reads
 * its index from the environment, e.g. `PIP_INDEX_URL` of a local wheel index); `MCP_PYTHON` names a ready
 * interpreter instead. When neither works the journeys are skipped with the reason.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const HERE = import.meta.dirname;
const VENV = join(HERE, '..', '..', 'node_modules', '.cache', 'mrtr-python-mcp');

/** The interpreter with `mcp` 2.3.0, or why there is none. */
export function pythonWithMcp(): { python: string } | { skip: string } {
  const has = (python: string) =>
    spawnSync(python, ['-c', 'import mcp, importlib.metadata as m; print(m.version("mcp"))'], {
      encoding: 'utf8',
    }).stdout?.trim() === '2.3.0';
  const given = process.env.MCP_PYTHON;
  if (given) return has(given) ? { python: given } : { skip: `MCP_PYTHON (${given}) has no mcp 2.3.0` };
  const python = join(VENV, 'bin', 'python');
  if (existsSync(python) && has(python)) return { python };
  const venv = spawnSync('python3', ['-m', 'venv', VENV], { encoding: 'utf8' });
  if (venv.status !== 0) return { skip: `python3 -m venv failed: ${venv.stderr || venv.error?.message}` };
  const pip = spawnSync(python, ['-m', 'pip', 'install', '--quiet', 'mcp==2.3.0'], {
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (pip.status !== 0 || !has(python)) {
    return {
      skip: `pip install mcp==2.3.0 is impossible here: ${(pip.stderr || pip.error?.message || '').slice(-300)}`,
    };
  }
  return { python };
}

/** The Python SDK server (`mrtr_server.py`) on `port`; resolves once it answers HTTP. */
export async function startPythonServer(python: string, port: number): Promise<ChildProcess> {
  const child = spawn(python, [join(HERE, 'mrtr_server.py'), String(port)], { stdio: 'ignore' });
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`the Python server exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/mcp`).then(
      () => true,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('the Python server did not start within 20 s');
}

export interface PythonClientRun {
  child: ChildProcess;
  /** resolves with the one JSON line the client prints when done */
  done: Promise<{ text?: string; error?: { code: number; message: string } }>;
  exited(): boolean;
}

/** The Python SDK `Client` (`mrtr_client.py`): calls `approve` on `url` and answers its question itself. */
export function runPythonClient(python: string, url: string, amount = 5): PythonClientRun {
  const child = spawn(python, [join(HERE, 'mrtr_client.py'), url, String(amount)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const done = new Promise<{ text?: string; error?: { code: number; message: string } }>((resolve, reject) =>
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1);
      if (!line) reject(new Error(`the Python client printed nothing (exit ${code}): ${err.slice(-800)}`));
      else resolve(JSON.parse(line) as { text?: string; error?: { code: number; message: string } });
    }),
  );
  return { child, done, exited: () => child.exitCode !== null };
}
