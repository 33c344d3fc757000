/**
 * The floor of the proxy's leg ratio: the smallest correct HTTP pass-through Node lets you write, in its own process
 * like proxy-child.ts, to the target in `BENCH_PROXY_TARGET`. It forwards the method, path and headers (minus the
 * hop-by-hop ones and those a `Connection` header names, `Host` set for the target), streams the body both ways with
 * `pipe`, and keeps its upstream connections alive with its own agent, as the inspector's proxy does; it checks,
 * limits and records nothing. What a leg costs through it is what any second Node HTTP process hop costs. Speaks
 * mock-child.ts's protocol: prints one JSON line `{ mcpUrl, pid }` (its URL, the target's path) when it listens, exits
 * on `{ type: 'close' }`.
 */
import { Agent, createServer, request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HOP_BY_HOP } from '../../src/node/relay/relay-response-headers.ts';

const raw = process.env.BENCH_PROXY_TARGET;
if (!raw) throw new Error('BENCH_PROXY_TARGET is not set');
const target = new URL(raw);
if (target.protocol !== 'http:') throw new Error('the bare pipe proxy speaks plain http only');

/** The end-to-end headers of a message: without the hop-by-hop ones and those its `Connection` header names. */
function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) out[name] = value;
  return out;
}

const agent = new Agent({ keepAlive: true });
const server = createServer((req, res) => {
  const upstream = request(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...endToEnd(req.headers), host: target.host },
      agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  const mcpUrl = `http://127.0.0.1:${port}${target.pathname}${target.search}`;
  process.stdout.write(`${JSON.stringify({ mcpUrl, pid: process.pid })}\n`);
});
const close = (): void => {
  agent.destroy();
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on('message', (msg: { type?: string }) => {
  if (msg.type === 'close') close();
});
process.on('disconnect', close);
