/**
 * The bundled mock in its own process, for the Node benchmarks: prints one JSON line `{ mcpUrl }` on stdout when it
 * listens, answers `{ type: 'memory' }` IPC messages with process.memoryUsage(), and exits on `{ type: 'close' }`.
 */
import { startMockServer } from '../../src/node/mock-server/start.ts';

const mock = await startMockServer();
process.stdout.write(`${JSON.stringify({ mcpUrl: mock.mcpUrl, pid: process.pid })}\n`);
process.on('message', (msg: { type?: string }) => {
  if (msg.type === 'memory') process.send?.({ type: 'memory', usage: process.memoryUsage() });
  if (msg.type === 'close') void mock.close().then(() => process.exit(0));
});
process.on('disconnect', () => void mock.close().then(() => process.exit(0)));
