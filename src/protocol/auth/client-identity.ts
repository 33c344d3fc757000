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
  | { kind: 'dcr'; requestMethod: TokenAuthMethod; why: string }
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
  if (as.client_id_metadata_document_supported === true && settings.metadataDocumentUrl) {
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
    return { kind: 'dcr', requestMethod, why: `Dynamic Client Registration, asking for ${requestMethod}` };
  }
  return {
    kind: 'none',
    why:
      mismatch ??
      'The authorization server offers neither Client ID Metadata Documents nor Dynamic Client Registration, and no pre-registered client id is set: enter one in Connection settings.',
  };
}
