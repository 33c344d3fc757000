/**
 * Which headers cross the proxy. Unlike the relay (whose answers land on the app's own origin in a browser), the
 * proxy stands between an MCP client and its server: everything end-to-end passes both ways unchanged, credentials
 * and `Set-Cookie` included; only connection-level headers and the framing the proxy redoes are left out.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { HeaderList } from '../../protocol/exchange.ts';
import { connectionListed, HOP_BY_HOP } from '../relay/relay-response-headers.ts';

/** The client's request headers as a list, in the order they came (the page shows them; the forward sends them). */
export function requestHeaderList(raw: readonly string[]): HeaderList {
  const list: HeaderList = [];
  for (let i = 0; i + 1 < raw.length; i += 2) list.push([raw[i]!, raw[i + 1]!]);
  return list;
}

/** Every `Connection` value of a list, joined (undefined when there is none). */
function connectionOf(list: HeaderList): string | undefined {
  let joined: string | undefined;
  for (const [name, value] of list)
    if (name.length === 10 && name.toLowerCase() === 'connection')
      joined = joined === undefined ? value : `${joined},${value}`;
  return joined;
}

/**
 * What goes to the server: every header but hop-by-hop ones, `Host`, `Content-Length` (recomputed) and the client's
 * `Accept-Encoding` (the proxy asks for `identity`, so the page can read what passes).
 */
export function upstreamHeaders(list: HeaderList): HeaderList {
  const listed = connectionListed(connectionOf(list));
  const out: HeaderList = [];
  for (const [name, value] of list) {
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || listed.has(lower)) continue;
    if (lower === 'host' || lower === 'content-length' || lower === 'accept-encoding' || lower === 'expect') continue;
    out.push([lower, value]);
  }
  // the body must arrive as the server wrote it, so the page records (and the client gets) those very bytes
  out.push(['accept-encoding', 'identity']);
  return out;
}

/** The server's response headers as a list (what the page shows, and what the client gets after `toClient`). */
export function responseHeaderList(headers: Headers): HeaderList {
  const list: HeaderList = [];
  // iteration yields each Set-Cookie on its own (the fetch standard never joins them)
  headers.forEach((value, name) => list.push([name, value]));
  return list;
}

/**
 * The headers written to the client: the server's, minus connection-level ones and the length (the proxy sets it
 * when it knows it). `Content-Encoding` stays: the body goes on as the server encoded it, unless held (then it goes
 * on decoded, and the caller leaves the encoding out).
 */
export function toClient(list: HeaderList): OutgoingHttpHeaders {
  const listed = connectionListed(connectionOf(list));
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of list) {
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || listed.has(lower)) continue;
    if (lower === 'content-length') continue;
    const prior = out[lower];
    out[lower] = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [String(prior)]), value];
  }
  return out;
}

/**
 * An answer that carries no body, so holding it would give the user nothing to edit while its client waits: a 202
 * Accepted (what a server answers a notification, or a client's answer to its request, with), a 204 or 304, or one
 * that declares a Content-Length of 0.
 */
export function bodilessAnswer(status: number, headers: HeaderList): boolean {
  if (status === 202 || status === 204 || status === 304) return true;
  const lengths = headers.filter(([name]) => name.toLowerCase() === 'content-length');
  return lengths.length === 1 && lengths[0]![1].trim() === '0';
}
