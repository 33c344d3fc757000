/** The spec sections each authorization step and finding follows (2026-07-28 `basic/authorization` and its RFCs). */
export interface SpecRef {
  title: string;
  url: string;
}

const MCP = 'https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization';

export const SPEC = {
  challenge: {
    title: 'MCP authorization: Protected Resource Metadata discovery (RFC 9728 §5.1)',
    url: `${MCP}/authorization-server-discovery`,
  },
  prm: {
    title: 'RFC 9728 §3: Protected Resource Metadata',
    url: 'https://www.rfc-editor.org/rfc/rfc9728.html#section-3',
  },
  prmResource: {
    title: 'RFC 9728 §3.3: the resource must match the one the client expects',
    url: 'https://www.rfc-editor.org/rfc/rfc9728.html#section-3.3',
  },
  asMetadata: {
    title: 'RFC 8414 §3 / OpenID Connect Discovery: authorization server metadata',
    url: 'https://www.rfc-editor.org/rfc/rfc8414.html#section-3',
  },
  asIssuer: {
    title: 'RFC 8414 §3.3: the metadata issuer must equal the issuer it was fetched for',
    url: 'https://www.rfc-editor.org/rfc/rfc8414.html#section-3.3',
  },
  pkce: { title: 'MCP authorization: PKCE S256 is required (OAuth 2.1 §7.5.2)', url: `${MCP}/security-considerations` },
  cimd: {
    title: 'MCP client registration: Client ID Metadata Documents',
    url: `${MCP}/client-registration#client-id-metadata-documents`,
  },
  preRegistered: { title: 'MCP client registration: pre-registration', url: `${MCP}/client-registration` },
  dcr: { title: 'RFC 7591: Dynamic Client Registration', url: 'https://www.rfc-editor.org/rfc/rfc7591.html' },
  authorize: {
    title: 'OAuth 2.1 §4.1.1: authorization request (PKCE, state, resource per RFC 8707)',
    url: `${MCP}#authorization-flow-steps`,
  },
  iss: {
    title: 'RFC 9207 §2.4 / MCP authorization response validation',
    url: `${MCP}#authorization-response-validation`,
  },
  token: {
    title: 'OAuth 2.1 §4.1.3: token request (code_verifier, resource)',
    url: `${MCP}#resource-parameter-implementation`,
  },
  refresh: {
    title: 'OAuth 2.1 §4.3: refresh token grant',
    url: 'https://datatracker.ietf.org/doc/html/draft-ietf-oauth-v2-1-13#section-4.3',
  },
  scopes: { title: 'MCP authorization: scope selection strategy', url: `${MCP}#scope-selection-strategy` },
  stepUp: { title: 'MCP authorization: scope challenge handling (step-up)', url: `${MCP}#scope-challenge-handling` },
  bearer: { title: 'RFC 6750 §2.1: Authorization: Bearer on every request', url: `${MCP}#access-token-usage` },
  resource: { title: 'RFC 8707 / MCP canonical server URI', url: `${MCP}#canonical-server-uri` },
  offline: { title: 'MCP authorization: refresh tokens and offline_access (SEP-2207)', url: `${MCP}#refresh-tokens` },
  migration: {
    title: 'MCP client registration: a new authorization server means a new registration (SEP-2352)',
    url: `${MCP}/client-registration`,
  },
} satisfies Record<string, SpecRef>;

export type SpecKey = keyof typeof SPEC;
