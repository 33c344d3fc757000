/**
 * The tap's reports of what passed unheld: kept as their bytes on the traffic's path, written together a moment
 * later, and told to the hub as the very text of each line, in the order the tap saw it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ProxyEvent } from '../../protocol/proxy-wire.ts';
import { TapLink } from './tap-link.ts';
import { startTestInspector, type TestInspector } from './tap.fixtures.ts';

let inspector: TestInspector | undefined;
let link: TapLink | undefined;
afterEach(async () => {
  link?.close();
  await inspector?.close();
});

async function connected(): Promise<{ inspector: TestInspector; link: TapLink }> {
  inspector = await startTestInspector();
  link = new TapLink({
    inspector: new URL(inspector.url),
    hello: () => ({ t: 'hello', command: ['server'] }),
    say: () => undefined,
    env: inspector.env,
  });
  link.start();
  await inspector.next((e) => e.type === 'proxies' && e.proxies.length > 0);
  return { inspector, link };
}

const bodies = (events: ProxyEvent[]) =>
  events.flatMap((e) => (e.type === 'request' ? [e.body] : e.type === 'log' ? [`log: ${e.line}`] : []));

describe("the tap's reports", () => {
  it("tells each passed line's own text (quotes, backslashes, non-ASCII, CRLF), in order with its log lines", async () => {
    const { inspector, link } = await connected();
    const first = '{"jsonrpc":"2.0","method":"notifications/message","params":{"text":"é \\"q\\" \\\\ \\u2028 ✓"}}';
    const second = '{"jsonrpc":"2.0","method":"notifications/initialized"}';
    link.passed('host', 1, Buffer.from(`${first}\r\n`));
    link.send({ t: 'stderr', at: 2, line: 'between' });
    // a line whose bytes are part of a larger read: only its own bytes are told
    const read = Buffer.from(`${second}\nnot yet ended`);
    link.passed('host', 3, read.subarray(0, second.length + 1));
    await inspector.next((e) => e.type === 'request' && e.body === second);
    expect(bodies(inspector.events)).toEqual([first, 'log: between', second]);
  });

  it('writes nothing on the traffic path: the passed lines go out together after it', async () => {
    const { inspector, link } = await connected();
    const before = inspector.events.length;
    for (let i = 0; i < 100; i++) link.passed('host', i, Buffer.from(`{"jsonrpc":"2.0","method":"n/${i}"}\n`));
    // the hub has had a turn of its own meanwhile, and heard nothing yet
    await new Promise((resolve) => setImmediate(resolve));
    expect(inspector.events.length).toBe(before);
    await inspector.next((e) => e.type === 'request' && e.method === 'POST' && e.body.includes('"n/99"'));
    const told = bodies(inspector.events.slice(before));
    expect(told).toEqual(Array.from({ length: 100 }, (_, i) => `{"jsonrpc":"2.0","method":"n/${i}"}`));
  });
});
