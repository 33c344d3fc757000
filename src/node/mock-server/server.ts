/**
 * CLI entry of the mock MCP server:
 *
 *   npx tsx src/node/mock-server/server.ts [--port N] [--host H]
 *
 * Port: `--port`, else env `MOCK_PORT`, else 8765. Env `MOCK_STATE_KEY` fixes the requestState key (otherwise random
 * per process, so states do not survive a restart). Env `MOCK_QUIET=1` silences the request log (stderr).
 */
import { startMockServer } from './start.ts';

function argValue(name: string): string | undefined {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === name) return args[i + 1];
    if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1);
  }
  return undefined;
}

const portText = argValue('--port') ?? process.env.MOCK_PORT ?? '8765';
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid port: ${portText}`);
  process.exit(2);
}
const host = argValue('--host') ?? process.env.MOCK_HOST ?? '127.0.0.1';
const quiet = process.env.MOCK_QUIET === '1';

const handle = await startMockServer({
  port,
  host,
  stateKey: process.env.MOCK_STATE_KEY || undefined,
  ...(process.env.MOCK_DRIFT === 'provision' ? { drift: 'provision' as const } : {}),
  log: quiet ? undefined : (line) => console.error(line),
});
console.log(`Mock MCP server listening on ${handle.mcpUrl}`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.error(`Received ${signal}, closing the mock server...`);
  const force = setTimeout(() => process.exit(1), 3000);
  force.unref();
  handle.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
