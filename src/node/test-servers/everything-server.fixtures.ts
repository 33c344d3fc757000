/**
 * The reference server of the 2025-11-25 era (`@modelcontextprotocol/server-everything`, a devDependency) over
 * streamable HTTP, started by a test in a child process of its own: loopback only (it would otherwise listen on every
 * interface) and on a port the system picks, read back from the child. `close()` ends the child.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/** The server's entry point, or undefined when node_modules predates the devDependency (`npm install` brings it). */
export function everythingEntry(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
  } catch {
    return undefined;
  }
}

/**
 * Loaded before the server (`--import`): every listen without a host binds 127.0.0.1, and the port the server got
 * is printed on stderr (the server is started with PORT=0).
 */
const LOOPBACK_ONLY = `
import net from 'node:net';
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\\d+$/.test(args[0]))) {
    if (typeof args[1] !== 'string') args.splice(1, 0, '127.0.0.1');
    this.once('listening', () => process.stderr.write('LOOPBACK-PORT ' + this.address().port + '\\n'));
  }
  return listen.apply(this, args);
};
`;

export interface EverythingServer {
  /** e.g. http://127.0.0.1:40123/mcp */
  url: string;
  close(): Promise<void>;
}

export async function startEverythingServer(entry = everythingEntry()): Promise<EverythingServer> {
  if (!entry) throw new Error('@modelcontextprotocol/server-everything is not installed: run npm install');
  const preload = `data:text/javascript,${encodeURIComponent(LOOPBACK_ONLY)}`;
  const child = spawn(process.execPath, ['--import', preload, entry, 'streamableHttp'], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`the everything server did not start: ${seen}`)), 20_000);
    child.stderr.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /LOOPBACK-PORT (\d+)/.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the everything server exited (${code}): ${seen}`));
    });
  });
  child.stderr.resume();
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
