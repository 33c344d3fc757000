import { isJsonObject, isStringArray } from '../types.ts';
/**
 * The resource the token is for (RFC 8707, RFC 9728 §3.3, MCP "Canonical Server URI") and the Protected Resource
 * Metadata document's shape. Pure.
 */
export interface ProtectedResourceMetadata {
  resource: string;
  authorization_servers: string[];
  scopes_supported?: string[];
  [key: string]: unknown;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Validate a parsed PRM document: `resource` (required), a non-empty `authorization_servers`, optional scopes. */
export function checkPrmDocument(json: unknown): Checked<ProtectedResourceMetadata> {
  if (!isJsonObject(json)) return { ok: false, problem: 'The Protected Resource Metadata is not a JSON object.' };
  const doc = json as Record<string, unknown>;
  if (typeof doc.resource !== 'string' || !doc.resource)
    return { ok: false, problem: 'The Protected Resource Metadata has no "resource" (RFC 9728 §2 requires it).' };
  if (!isStringArray(doc.authorization_servers) || doc.authorization_servers.length === 0)
    return {
      ok: false,
      problem:
        'The Protected Resource Metadata names no authorization server ("authorization_servers" is missing or empty).',
    };
  if (doc.scopes_supported !== undefined && !isStringArray(doc.scopes_supported))
    return { ok: false, problem: '"scopes_supported" in the Protected Resource Metadata is not a list of strings.' };
  return { ok: true, value: doc as ProtectedResourceMetadata };
}

function parse(u: string): URL | undefined {
  try {
    return new URL(u);
  } catch {
    return undefined;
  }
}

/**
 * The PRM's `resource` must identify the server we are talking to: same scheme, host and port (compared
 * case-insensitively, default ports elided), and the server URL's path equal to it or below it on a segment boundary.
 * A resource for another origin (e.g. `https://evil.example.com/mcp`) is refused before any authorization request.
 */
export function checkResourceMatches(serverUrl: string, resource: string): Checked<string> {
  const server = parse(serverUrl);
  const res = parse(resource);
  if (!res) return { ok: false, problem: `The resource "${resource}" is not an absolute URI.` };
  if (res.hash) return { ok: false, problem: `The resource "${resource}" has a fragment (RFC 8707 §2 forbids it).` };
  if (!server) return { ok: false, problem: `The server URL "${serverUrl}" is not an absolute URL.` };
  if (res.origin !== server.origin)
    return {
      ok: false,
      problem: `The Protected Resource Metadata is for "${resource}", not for this server (${server.origin}): a token for it must not be requested here.`,
    };
  const rp = res.pathname.replace(/\/+$/, '');
  const sp = server.pathname.replace(/\/+$/, '');
  if (rp && sp !== rp && !sp.startsWith(`${rp}/`))
    return {
      ok: false,
      problem: `The Protected Resource Metadata is for "${resource}", which does not cover the server URL ${serverUrl}.`,
    };
  // sent exactly as published (a URL parser would add a "/" to a pathless identifier)
  return { ok: true, value: resource };
}
