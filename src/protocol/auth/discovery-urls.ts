/**
 * Where to look for metadata, in the spec's order. Pure: builds URLs, fetches nothing.
 * - Protected Resource Metadata (RFC 9728 §3.1 / MCP discovery): the challenge's `resource_metadata` when given, else
 *   the path-based well-known URL (`/.well-known/oauth-protected-resource/<path>`), then the root one.
 * - Authorization server metadata for an issuer with a path: RFC 8414 path insertion, OpenID Connect path insertion,
 *   then OpenID Connect path appending; without a path: RFC 8414, then OpenID Connect.
 */
export function prmCandidates(serverUrl: string, resourceMetadata?: string): string[] {
  if (resourceMetadata) return [resourceMetadata];
  const url = new URL(serverUrl);
  const path = url.pathname.replace(/\/+$/, '');
  const root = `${url.origin}/.well-known/oauth-protected-resource`;
  return path ? [`${root}${path}`, root] : [root];
}

export function asMetadataCandidates(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/+$/, '');
  const o = url.origin;
  if (!path) return [`${o}/.well-known/oauth-authorization-server`, `${o}/.well-known/openid-configuration`];
  return [
    `${o}/.well-known/oauth-authorization-server${path}`,
    `${o}/.well-known/openid-configuration${path}`,
    `${o}${path}/.well-known/openid-configuration`,
  ];
}
