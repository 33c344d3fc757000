/**
 * A -32020 (`HeaderMismatch`) answer, read for the user: which header the server says disagrees, what was sent in
 * it, and whether the spec's recovery applies. PURE.
 *
 * 2026-07-28 basic/transports/streamable-http, "Server Validation": a server that finds a header missing or
 * disagreeing with the body answers 400 / -32020. "Client Behavior" (custom headers): when the mismatch is about
 * `Mcp-Param-*` headers, the client SHOULD call `tools/list` to check for changes to the tool's `inputSchema`, then
 * retry the original request with the appropriate headers. The spec's error carries only a message; SDK 2.4 adds
 * `data.mismatch` = `{ header, body }`, where `header` is sometimes the header's name (`Mcp-Param-Region`), sometimes
 * the value it carried, and `body` a sentence naming the header.
 */
import type { Outcome } from './classify.ts';
import type { Finding } from './doctor.ts';
import { headerValue, type HeaderList } from './exchange.ts';
import { paramHeaderDeclarations } from './param-headers.ts';
import { isJsonObject, type JsonObject } from './types.ts';

export interface HeaderMismatch {
  /** the header the server names, as it spelled it (`Mcp-Param-Tenant-Id`, `Mcp-Name`, …); absent when it named none */
  header?: string;
  /** what the leg carried in that header; null when it was not sent at all */
  sent?: string | null;
  /** the server's own words: `data.mismatch.body`, else the error message */
  detail: string;
  /** a tools/call whose mismatch is about an `Mcp-Param-*` header (or an unnamed one): refresh tools/list, resend */
  refreshable: boolean;
}

/** RFC 9110 tchar run after a known MCP header prefix. */
const HEADER_IN_TEXT = /\b(MCP-Protocol-Version|Mcp-Method|Mcp-Name|Mcp-Param-[!#$%&'*+\-.^_`|~0-9A-Za-z]+)/i;

/** The header named in a sentence, without punctuation that closes the sentence or a quote. */
function headerIn(text: string): string | undefined {
  const m = HEADER_IN_TEXT.exec(text);
  return m?.[1]?.replace(/[.'`]+$/, '');
}

function mismatchData(data: unknown): { header?: string; body?: string } {
  const mismatch = isJsonObject(data) ? data.mismatch : undefined;
  if (!isJsonObject(mismatch)) return {};
  const out: { header?: string; body?: string } = {};
  if (typeof mismatch.header === 'string') out.header = mismatch.header;
  if (typeof mismatch.body === 'string') out.body = mismatch.body;
  return out;
}

/**
 * Reads a -32020 outcome of a leg sent with `sentHeaders`; undefined for any other outcome. The header comes from
 * `data.mismatch.header` when that is a header name, else from the first MCP header the server's sentence names.
 */
export function headerMismatchOf(
  outcome: Outcome,
  sentHeaders: HeaderList,
  method: string,
): HeaderMismatch | undefined {
  if (outcome.kind !== 'error' || outcome.error.code !== -32020) return undefined;
  const data = mismatchData(outcome.error.data);
  const header =
    (data.header !== undefined && HEADER_IN_TEXT.exec(data.header)?.[0] === data.header ? data.header : undefined) ??
    headerIn(data.body ?? '') ??
    headerIn(outcome.error.message);
  const out: HeaderMismatch = {
    detail: data.body ?? outcome.error.message,
    refreshable: method === 'tools/call' && (header === undefined || /^mcp-param-/i.test(header)),
  };
  if (header !== undefined) {
    out.header = header;
    out.sent = headerValue(sentHeaders, header) ?? null;
  }
  return out;
}

/** One change of a tool's `x-mcp-header` declarations between two listings, as a sentence. */
export function paramHeaderChanges(before: JsonObject | undefined, after: JsonObject | undefined): string[] {
  const was = new Map(paramHeaderDeclarations(before).valid.map((d) => [d.argument, d.header]));
  const now = new Map(paramHeaderDeclarations(after).valid.map((d) => [d.argument, d.header]));
  const changes: string[] = [];
  for (const [argument, header] of now) {
    const old = was.get(argument);
    if (old === undefined) changes.push(`${argument} is now mirrored into Mcp-Param-${header}`);
    else if (old.toLowerCase() !== header.toLowerCase()) {
      changes.push(`${argument} moved from Mcp-Param-${old} to Mcp-Param-${header}`);
    }
  }
  for (const [argument, header] of was) {
    if (!now.has(argument)) changes.push(`${argument} is no longer mirrored (was Mcp-Param-${header})`);
  }
  return changes;
}

/**
 * The connection doctor's finding for a -32020 answer to the connection's own requests (server/discover, the lists):
 * the header it names and what to check. The inspector's own headers follow the body, so a mismatch there comes from
 * an extra header set in Connection settings, an edited protocol version, or something between the page and the
 * server that rewrites headers.
 */
export function headerMismatchFindings(messages: unknown[]): Finding[] {
  for (const message of messages) {
    const error = isJsonObject(message) && isJsonObject(message.error) ? message.error : undefined;
    if (error?.code !== -32020 || typeof error.message !== 'string') continue;
    const read = headerMismatchOf({ kind: 'error', error: error as never }, [], '');
    if (!read) continue;
    return [
      {
        id: 'header-mismatch',
        severity: 'error',
        title: read.header
          ? `The server says the ${read.header} header disagrees with the body (-32020)`
          : 'The server says a header disagrees with the body (-32020)',
        detail: `Server says: ${read.detail}`,
        fix: `Check Connection settings: an extra header${read.header ? ` named ${read.header}` : ''} replaces the one the inspector computes, or the protocol version field differs from what the body's _meta says. A proxy between the page and the server may also rewrite headers: try the relay.`,
        action: 'use-relay',
      },
    ];
  }
  return [];
}
