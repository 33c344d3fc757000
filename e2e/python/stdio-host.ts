/**
 * A desktop host for the tap journeys: the Python SDK's `Client` over stdio (`mrtr_stdio_host.py`) launching
 * `mrtr-inspector tap -- <server>`, as a host's config would. The test tells it each amount to approve on its stdin and
 * reads each call's outcome from its stdout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import { tapCommand } from '../../src/node/tap/tap.fixtures.ts';

const HERE = import.meta.dirname;
const ROOT = join(HERE, '..', '..');
/** a Python SDK MCPServer over stdio with the MRTR tool `approve` */
const SERVER = join(HERE, 'mrtr_stdio_server.py');

type CallOutcome = { text?: string; error?: { code: number; message: string } };

export interface StdioHostRun {
  child: ChildProcess;
  /** resolves once the host is connected through the tap (it listed the server's tools) */
  ready: Promise<void>;
  /** call `approve(amount)`; resolves with the outcome the host printed */
  call(amount: number): Promise<CallOutcome>;
  /** what the host's server wrote on stderr, the tap's notices included */
  stderr(): string;
  /** end the host (its stdin, then a signal if it is still waiting on a call) and wait until it is gone */
  close(): Promise<void>;
}

/**
 * The Python host launching `mrtr-inspector tap --inspector <inspector> --name <name> -- python <the Python SDK stdio
 * server>`, as a host's config would; `ready` once it is connected through the tap.
 */
export function tapPythonServer(python: string, inspector: string, name: string): StdioHostRun {
  const { command, args } = tapCommand([python, SERVER], ['--inspector', inspector, '--name', name]);
  return startStdioHost(python, [command, ...args]);
}

function startStdioHost(python: string, launch: string[]): StdioHostRun {
  const child = spawn(python, [join(HERE, 'mrtr_stdio_host.py'), ...launch], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiting: ((line: string) => void)[] = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    let nl: number;
    while ((nl = out.indexOf('\n')) !== -1) {
      const line = out.slice(0, nl);
      out = out.slice(nl + 1);
      waiting.shift()?.(line);
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      waiting.push(resolve);
      child.once('exit', (code) => reject(new Error(`the host exited (${code}): ${err.slice(-800)}`)));
    });
  const ready = nextLine().then(() => undefined);
  return {
    child,
    ready,
    call: async (amount) => {
      const line = nextLine();
      child.stdin!.write(`${amount}\n`);
      return JSON.parse(await line) as CallOutcome;
    },
    stderr: () => err,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.stdin!.end();
      // the SDK's own shutdown closes the server's stdin, waits 2 s, then ends the process tree: let it finish
      const kill = setTimeout(() => child.kill('SIGTERM'), 8000);
      await gone;
      clearTimeout(kill);
    },
  };
}
