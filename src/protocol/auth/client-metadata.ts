/**
 * This app's OAuth client metadata: served as its Client ID Metadata Document at `/oauth/client-metadata.json` (the URL
 * is the client_id) and sent with Dynamic Client Registration. Pure.
 */
export const CLIENT_METADATA_PATH = '/oauth/client-metadata.json';
export const CALLBACK_PATH = '/oauth/callback';

/** A loopback host (localhost, 127.0.0.0/8, ::1): a redirect there is a native app's (OpenID Connect Registration). */
function isLoopback(origin: string): boolean {
  try {
    const host = new URL(origin).hostname;
    return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}

/**
 * `application_type` is "native" when the redirect goes to a loopback address: authorization servers that follow OpenID
 * Connect Registration refuse a "web" client whose redirect_uris use http on localhost.
 */
export function clientMetadata(origin: string): Record<string, unknown> {
  return {
    client_name: 'MRTR Inspector',
    client_uri: origin,
    redirect_uris: [`${origin}${CALLBACK_PATH}`],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    application_type: isLoopback(origin) ? 'native' : 'web',
  };
}

/** The Client ID Metadata Document: the metadata plus its own URL as client_id. */
export function clientMetadataDocument(origin: string): Record<string, unknown> {
  return { client_id: `${origin}${CLIENT_METADATA_PATH}`, ...clientMetadata(origin) };
}
