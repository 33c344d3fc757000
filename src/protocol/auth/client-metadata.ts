/**
 * This app's OAuth client metadata: served as its Client ID Metadata Document at `/oauth/client-metadata.json` (the URL
 * is the client_id) and sent with Dynamic Client Registration. Pure.
 */
export const CLIENT_METADATA_PATH = '/oauth/client-metadata.json';
export const CALLBACK_PATH = '/oauth/callback';

export function clientMetadata(origin: string): Record<string, unknown> {
  return {
    client_name: 'MRTR Inspector',
    client_uri: origin,
    redirect_uris: [`${origin}${CALLBACK_PATH}`],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    application_type: 'web',
  };
}

/** The Client ID Metadata Document: the metadata plus its own URL as client_id. */
export function clientMetadataDocument(origin: string): Record<string, unknown> {
  return { client_id: `${origin}${CLIENT_METADATA_PATH}`, ...clientMetadata(origin) };
}
