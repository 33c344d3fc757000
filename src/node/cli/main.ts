#!/usr/bin/env node
/**
 * The package's `bin`: `mrtr-inspector [serve options] | replay … | audit … | wrap … | unwrap …` (see args.ts for the
 * usage text).
 * Built to `dist-node/cli.js` (src/node/cli/vite.config.ts) so the installed package needs nothing from the dev tool chain.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, USAGE, UsageError, type Command } from './args.ts';

const VERSION = '0.1.0';

/** `dist/` beside the bundle (`<pkg>/dist-node/cli.js`) or at the repo root (`src/node/cli/main.ts` under tsx). */
function findDist(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, '..', 'dist'), join(here, '..', '..', '..', 'dist')];
  const found = candidates.find((dir) => existsSync(join(dir, 'index.html')));
  if (!found) throw new UsageError(`the built app is missing (looked in ${candidates.join(', ')}); run npm run build`);
  return found;
}

async function serve(cmd: Extract<Command, { kind: 'serve' }>): Promise<void> {
  // the inspector's server loads only to serve: a tap (a host's stdio server, launched often) stays a small process
  const [{ startInspectorServer }, { openInBrowser }, { stdioEndpoints }] = await Promise.all([
    import('./serve.ts'),
    import('./open-browser.ts'),
    import('./stdio-endpoints.ts'),
  ]);
  const stdio = stdioEndpoints(cmd.stdio);
  const inspector = await startInspectorServer({
    port: cmd.port,
    distDir: findDist(),
    mock: cmd.mock,
    localEndpoints: stdio.start,
    proxyTargets: cmd.proxy,
    stdioLogs: stdio.logs,
  });
  const first = inspector.endpoints[0];
  const target = cmd.server ?? first?.url ?? inspector.proxies[0]?.target;
  const query = target ? `?server=${encodeURIComponent(target)}${first && !cmd.server ? '&transport=relay' : ''}` : '';
  const pageUrl = `${inspector.url}/${query}`;
  console.log(`MRTR Inspector: ${pageUrl}`);
  if (inspector.mock) console.log(`Mock MCP server: ${inspector.mock.mcpUrl}`);
  for (const e of inspector.endpoints) console.log(`${e.label}: ${e.url} (through the relay)`);
  for (const p of inspector.proxies) console.log(`proxy: ${p.url} -> ${p.target}`);
  if (cmd.open) openInBrowser(pageUrl);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), 3000);
    force.unref();
    inspector.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function main(argv: readonly string[]): Promise<number | undefined> {
  const cmd = parseArgs(argv);
  switch (cmd.kind) {
    case 'help':
      console.log(USAGE);
      return 0;
    case 'version':
      console.log(VERSION);
      return 0;
    case 'serve':
      await serve(cmd);
      return undefined;
    case 'replay': {
      const { replayCommand } = await import('./replay-command.ts');
      return replayCommand(cmd);
    }
    case 'tap': {
      const { runTap } = await import('../tap/tap-process.ts');
      const end = await runTap({
        command: cmd.command,
        args: cmd.args,
        inspector: cmd.inspector,
        ...(cmd.name ? { name: cmd.name } : {}),
        forwardSignals: true,
      });
      // the host's end of stdin no longer keeps the process: the server's end is the tap's (its signal, or its code)
      process.stdin.destroy();
      if (end.signal) {
        process.kill(process.pid, end.signal);
        return undefined;
      }
      return end.code ?? 1;
    }
    case 'audit': {
      const { auditCommand } = await import('./audit-command.ts');
      return auditCommand(cmd);
    }
    case 'wrap': {
      const { wrapCommand, processIo } = await import('./wrap-command.ts');
      return wrapCommand(cmd, processIo(fileURLToPath(import.meta.url)));
    }
    case 'unwrap': {
      const { unwrapCommand, processIo } = await import('./wrap-command.ts');
      return unwrapCommand(cmd, processIo(fileURLToPath(import.meta.url)));
    }
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof UsageError) {
      console.error(`mrtr-inspector: ${err.message}\n\n${USAGE}`);
      process.exitCode = 2;
      return;
    }
    const code = (err as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? 'mrtr-inspector: the port is in use; pick another with --port N (0 picks a free one).'
        : `mrtr-inspector: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exitCode = 1;
  },
);
