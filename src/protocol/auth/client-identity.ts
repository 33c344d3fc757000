/**
 * Which client identity to use with an authorization server (MCP "Client Registration" priority) and which token
 * endpoint authentication method. Pure.
 */
export type TokenAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post';

export interface IdentitySettings {
  /** pre-registered client id from the connection settings ('' = none) */
  clientId: string;
  /** pre-registered client secret ('' = public client) */
  clientSecret: string;
  /**
   * the issuer of the authorization server the pre-registered client belongs to ('' or absent = not known yet: bound
   * to the first one it signs in with). Credentials are never sent to another authorization server.
   */
  clientIssuer?: string;
  /** the URL of this app's Client ID Metadata Document ('' = none available) */
  metadataDocumentUrl: string;
}

export interface AsCapabilities {
  client_id_metadata_document_supported?: boolean;
  registration_endpoint?: string;
  token_endpoint_auth_methods_supported?: string[];
}

export type IdentityPlan =
  | { kind: 'pre-registered'; clientId: string; clientSecret: string; method: TokenAuthMethod; why: string }
  | { kind: 'cimd'; clientId: string; method: 'none'; why: string }
  | { kind: 'dcr'; requestMethod: TokenAuthMethod; why: string; notes: string[] }
  | { kind: 'none'; why: string };

/** RFC 8414 §2: absent `token_endpoint_auth_methods_supported` means client_secret_basic. */
function supportedMethods(as: AsCapabilities): string[] {
  return as.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
}

/** The method for a client holding a secret (or not): the first the server supports, basic before post. */
export function methodFor(as: AsCapabilities, hasSecret: boolean): TokenAuthMethod {
  const supported = supportedMethods(as);
  if (!hasSecret) return 'none';
  if (supported.includes('client_secret_basic')) return 'client_secret_basic';
  if (supported.includes('client_secret_post')) return 'client_secret_post';
  return 'client_secret_basic';
}

/** Why pre-registered credentials are not sent to `issuer` (they belong to another one); undefined when they may be. */
export function preRegisteredMismatch(settings: IdentitySettings, issuer: string): string | undefined {
  const own = settings.clientIssuer?.trim();
  if (!settings.clientId.trim() || !own || own === issuer) return undefined;
  return `The pre-registered client ID was registered with ${own}, but the resource now names the authorization server ${issuer}: it is not sent there. Set the client ID for this server, or clear it, in Client identity.`;
}

/**
 * A Client ID Metadata Document's URL is the client_id, and it MUST be an https URL with a path (2026-07-28
 * basic/authorization, Client ID Metadata Documents): an authorization server fetches it, so a plain-http or loopback
 * URL (this app served from http://127.0.0.1) is one no real server can use.
 */
function isClientIdUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && u.pathname !== '/' && u.pathname !== '';
  } catch {
    return false;
  }
}

export function planIdentity(settings: IdentitySettings, as: AsCapabilities & { issuer?: string }): IdentityPlan {
  const mismatch = as.issuer !== undefined ? preRegisteredMismatch(settings, as.issuer) : undefined;
  if (settings.clientId.trim() && !mismatch) {
    const secret = settings.clientSecret;
    const method = methodFor(as, secret.length > 0);
    return {
      kind: 'pre-registered',
      clientId: settings.clientId.trim(),
      clientSecret: secret,
      method,
      why: `pre-registered client id from the connection settings, authenticating with ${method}`,
    };
  }
  const notes: string[] = [];
  const cimd = as.client_id_metadata_document_supported === true && settings.metadataDocumentUrl !== '';
  if (cimd && !isClientIdUrl(settings.metadataDocumentUrl))
    notes.push(
      `The authorization server supports Client ID Metadata Documents, but this app's client_id URL ${settings.metadataDocumentUrl} is not an https URL with a path (the spec requires one: the server must fetch it), so it is not offered.`,
    );
  else if (cimd) {
    return {
      kind: 'cimd',
      clientId: settings.metadataDocumentUrl,
      method: 'none',
      why: "the authorization server supports Client ID Metadata Documents: the client_id is the URL of this app's metadata document",
    };
  }
  if (as.registration_endpoint) {
    const supported = supportedMethods(as);
    const requestMethod: TokenAuthMethod = supported.includes('none')
      ? 'none'
      : supported.includes('client_secret_basic')
        ? 'client_secret_basic'
        : supported.includes('client_secret_post')
          ? 'client_secret_post'
          : 'none';
    return { kind: 'dcr', requestMethod, why: `Dynamic Client Registration, asking for ${requestMethod}`, notes };
  }
  return {
    kind: 'none',
    why:
      mismatch ??
      notes[0] ??
      'The authorization server offers neither Client ID Metadata Documents nor Dynamic Client Registration, and no pre-registered client id is set: enter one in Connection settings.',
  };
}
