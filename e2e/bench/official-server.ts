/**
 * The official MCP Inspector (`@modelcontextprotocol/inspector`) as a user runs it: installed with npm (its exact
 * published version, cached in the OS temp folder beside the packed tarball of figure-entry-js.ts) and started with its
 * own launcher in web mode against one MCP server URL: `mcp-inspector --web --transport http --server-url <url>
 * --protocol-era modern`. Its web server's port is fixed by environment (it refuses port 0), so a free one is picked first;
 * its home, storage and secret store are a temporary folder and memory, so the bench leaves nothing behind.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { officialInspector } from './figure-entry-js.ts';

export interface OfficialServer {
  /** the URL it prints, with its API token */
  url: string;
  version: string;
  close(): Promise<void>;
}

const PACKAGE = '@modelcontextprotocol/inspector';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Installs the package with its dependencies (once per version); returns its launcher, or why it could not. */
export function installOfficial(allowDownload: boolean): { launcher: string; version: string } | { why: string } {
  const packed = officialInspector(allowDownload);
  if ('why' in packed) return packed;
  const prefix = join(tmpdir(), 'mrtr-bench-official-inspector', `install-${packed.version}`);
  const pkgDir = join(prefix, 'node_modules', '@modelcontextprotocol', 'inspector');
  const launcher = join(pkgDir, 'clients', 'launcher', 'build', 'index.js');
  if (!existsSync(launcher)) {
    if (!allowDownload)
      return { why: `${PACKAGE}@${packed.version} is not installed and downloads are off in --smoke` };
    mkdirSync(prefix, { recursive: true });
    if (!existsSync(join(prefix, 'package.json'))) writeFileSync(join(prefix, 'package.json'), '{"private":true}\n');
    try {
      execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', `${PACKAGE}@${packed.version}`], {
        cwd: prefix,
        stdio: 'ignore',
        timeout: 600_000,
      });
    } catch (err) {
      return { why: `npm install ${PACKAGE}@${packed.version} failed: ${String(err).split('\n')[0]}` };
    }
    if (!existsSync(launcher)) return { why: `${PACKAGE}@${packed.version} has no launcher at ${launcher}` };
  }
  return { launcher, version: packed.version };
}

/** Node version the launcher needs (its README: >= 22.19); the bench runs on the repo's Node 22. */
export function nodeTooOld(): string | undefined {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 19) ? undefined : `it needs Node >= 22.19, this is ${process.version}`;
}

/** Start the official inspector's web server against `mcpUrl`; resolves when it prints its URL. */
export async function startOfficial(launcher: string, version: string, mcpUrl: string): Promise<OfficialServer> {
  const home = mkdtempSync(join(tmpdir(), 'mrtr-bench-official-home-'));
  const clientPort = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [launcher, '--web', '--transport', 'http', '--server-url', mcpUrl, '--protocol-era', 'modern'],
    {
      cwd: home,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        HOME: home,
        HOST: '127.0.0.1',
        CLIENT_PORT: String(clientPort),
        MCP_SANDBOX_PORT: '0', // 0: a free port (only the web server's must be fixed)
        MCP_APP_ORIGIN_PORT: '0',
        MCP_STORAGE_DIR: join(home, 'storage'),
        MCP_INSPECTOR_SECRET_STORE: 'memory',
        MCP_AUTO_OPEN_ENABLED: 'false',
      },
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`it did not start in 60 s: ${output.slice(-300)}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /up and running at:\s+(http\S+)/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`it exited with ${code}: ${output.slice(-300)}`));
    });
  });
  return {
    url,
    version,
    close: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(home, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}
