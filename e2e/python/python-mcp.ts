/**
 * The Python SDK (`mcp` 2.3.0) for the proxy journeys: an independent client and server. The interpreter is the one
 * venv the audit's Python tests make (`pythonSealEnv`: made once per checkout, pip failing fast on an index the machine
 * cannot reach); `MCP_PYTHON` names a ready interpreter instead. When neither works the journeys are skipped with the
 * reason.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pythonSealEnv } from '../../src/node/test-servers/python-seal.fixtures.ts';

const HERE = import.meta.dirname;

/** The interpreter with `mcp` 2.3.0, or why there is none. */
export function pythonWithMcp(): { python: string } | { skip: string } {
  const given = process.env.MCP_PYTHON;
  if (!given) return pythonSealEnv();
  const version = spawnSync(given, ['-c', 'import mcp, importlib.metadata as m; print(m.version("mcp"))'], {
    encoding: 'utf8',
  }).stdout?.trim();
  return version === '2.3.0' ? { python: given } : { skip: `MCP_PYTHON (${given}) has no mcp 2.3.0` };
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
