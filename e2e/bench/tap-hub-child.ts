/**
 * An inspector's hub with its tap door, in a process of its own as in real use (the inspector's server is never the
 * host's process): prints one JSON line `{ url, dir }` (its address, the directory of its secret) when it listens,
 * a line `connected` once a tap has connected, and exits when its stdin ends.
 */
import { startTestInspector } from '../../src/node/tap/tap.fixtures.ts';

const inspector = await startTestInspector();
process.stdout.write(`${JSON.stringify({ url: inspector.url, dir: inspector.env.MRTR_INSPECTOR_RUNTIME_DIR })}\n`);
void inspector
  .next((e) => e.type === 'proxies' && e.proxies.length > 0)
  .then(() => process.stdout.write('connected\n'));
process.stdin.resume();
process.stdin.on('end', () => void inspector.close().then(() => process.exit(0)));
