/**
 * The inspector's proxy in its own process, as the `mrtr-inspector` CLI runs it (its client is always another
 * process): one proxy set with its traffic hub (which records every event, nothing held), one proxy to the target in
 * `BENCH_PROXY_TARGET`. Speaks mock-child.ts's protocol: prints one JSON line `{ mcpUrl, pid }` (the proxy's URL) when
 * it listens, exits on `{ type: 'close' }`.
 */
import { createProxySet } from '../../src/node/proxy/proxy-set.ts';

const target = process.env.BENCH_PROXY_TARGET;
if (!target) throw new Error('BENCH_PROXY_TARGET is not set');
const proxies = createProxySet();
const proxy = await proxies.start(target);
process.stdout.write(`${JSON.stringify({ mcpUrl: proxy.url, pid: process.pid })}\n`);
const close = (): void => void proxies.close().then(() => process.exit(0));
process.on('message', (msg: { type?: string }) => {
  if (msg.type === 'close') close();
});
process.on('disconnect', close);
