import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LegacySession } from '../../client/legacy/legacy-session.ts';
import { createRelayFetch } from '../../client/relay-fetch.ts';
import { startInspectorServer, type InspectorServer } from './serve.ts';
import { stdioEndpoints, type StdioLog } from './stdio-endpoints.ts';

/** A 2025-11-25 stdio server: answers initialize, never answers tools/call, and logs every line it reads to stderr. */
const LEGACY_HANG = `
const send = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  process.stderr.write('RECV ' + line + '\\n');
  const m = JSON.parse(line);
  if (m.method === 'initialize') {
    send({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'hang', version: '1' } } });
  }
});
`;

let running: InspectorServer[] = [];
afterEach(async () => {
  await Promise.all(running.map((r) => r.close()));
  running = [];
});

async function start(): Promise<{ inspector: InspectorServer; logs: StdioLog[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'mrtr-stdio-cancel-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  const script = join(dir, 'hang.cjs');
  writeFileSync(script, LEGACY_HANG);
  const stdio = stdioEndpoints([`"${process.execPath}" "${script}"`]);
  const inspector = await startInspectorServer({ port: 0, distDir: dir, localEndpoints: stdio.start });
  running.push(inspector);
  return { inspector, logs: stdio.logs };
}

const read = (logs: StdioLog[]) =>
  logs[0]!.bridge
    .status()
    .stderr.split('\n')
    .filter((l) => l.startsWith('RECV '))
    .map((l) => JSON.parse(l.slice(5)) as { id?: unknown; method?: string; params?: { requestId?: unknown } });

describe('a 2025-11-25 page session that gives up on a stdio call, through the relay', () => {
  it('reaches the server as one notifications/cancelled naming the id the server got the call under', async () => {
    const { inspector, logs } = await start();
    const session = new LegacySession({
      url: inspector.endpoints[0]!.url,
      fetch: createRelayFetch({ relayBase: inspector.url, token: inspector.token }),
      clientInfo: { name: 'mrtr-inspector', version: '0' },
      capabilities: {},
    });
    await session.initialize();
    const stop = new AbortController();
    const call = session.request('tools/call', { name: 'hang', arguments: {} }, async () => null, stop.signal);
    await expect.poll(() => read(logs).find((m) => m.method === 'tools/call')).toBeDefined();
    stop.abort();
    await call.catch(() => undefined);
    const serverId = read(logs).find((m) => m.method === 'tools/call')!.id;
    // the page's abort (through the relay) and its own notifications/cancelled (under its id, sent before the call
    // returns) make one cancel, under the server's id, whichever reached the bridge first
    const cancels = () => read(logs).filter((m) => m.method === 'notifications/cancelled');
    await expect.poll(() => cancels().map((m) => m.params?.requestId)).toEqual([serverId]);
    const reasonOf = (m: ReturnType<typeof cancels>[number]) => (m.params as { reason?: string }).reason;
    if (reasonOf(cancels()[0]!) === 'the page stopped waiting') {
      expect(logs[0]!.bridge.status().stderr).toMatch(
        /the page cancelled request \d+ \(a number\), which the bridge already cancelled as bridge-\d+/,
      );
    } else {
      expect(reasonOf(cancels()[0]!)).toBe('aborted in the inspector');
    }
    expect(cancels()).toHaveLength(1);
  }, 30_000);
});
