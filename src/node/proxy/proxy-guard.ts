/**
 * The checks every request to a proxy passes before anything is read or sent (see proxy.md): a loopback connection,
 * a loopback `Host` naming the proxy's own port (DNS rebinding), no browser (`Origin`, or a `Sec-Fetch-Site` other
 * than a typed URL), a method MCP uses, and the proxy's one path (or a GET of its OAuth resource metadata). The target is never read from the request.
 */
import type { IncomingMessage } from 'node:http';
import { isLoopbackAddress, RelayRefusal } from '../relay/relay-http.ts';
import { isResourceMetadataPath } from './proxy-resource-metadata.ts';

const PROXY_METHODS: ReadonlySet<string> = new Set(['POST', 'GET', 'DELETE']);

/**
 * Throws `RelayRefusal` for the first check `req` fails. `hosts`: the `host:port` values the proxy answers to. Returns
 * what the request is for: the target (`mcp`), or a GET of the proxy's resource metadata (`resource-metadata`).
 */
export function guardProxyRequest(
  req: IncomingMessage,
  hosts: readonly string[],
  path: string,
): 'mcp' | 'resource-metadata' {
  if (!isLoopbackAddress(req.socket.localAddress)) {
    throw new RelayRefusal(403, 'not_loopback', 'The proxy only serves connections to a loopback address.');
  }
  const host = (req.headers.host ?? '').toLowerCase();
  if (!hosts.includes(host)) {
    throw new RelayRefusal(
      403,
      'bad_host',
      `Host "${host}" is not this proxy's loopback address (DNS rebinding defence).`,
    );
  }
  if (req.headers.origin !== undefined) {
    throw new RelayRefusal(
      403,
      'bad_origin',
      `A browser page (Origin "${req.headers.origin}") may not use the proxy: it serves MCP clients, not pages.`,
    );
  }
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'none') {
    throw new RelayRefusal(
      403,
      'bad_origin',
      `A browser request (Sec-Fetch-Site "${String(site)}") may not use the proxy.`,
    );
  }
  if (!PROXY_METHODS.has(req.method ?? '')) {
    throw new RelayRefusal(405, 'method_not_allowed', 'The proxy forwards POST, GET and DELETE (MCP over HTTP).');
  }
  const asked = (req.url ?? '').split('?')[0]!;
  if (asked === path) return 'mcp';
  if (req.method === 'GET' && isResourceMetadataPath(asked)) return 'resource-metadata';
  throw new RelayRefusal(404, 'not_found', `The proxy serves ${path} (and its OAuth resource metadata) only.`);
}
