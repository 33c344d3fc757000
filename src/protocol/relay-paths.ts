/** Paths of the same-origin relay that `npm start` serves; shared by the relay (node) and the page (client). */
export const RELAY_FORWARD_PATH = '/__relay/forward';
export const RELAY_PROBE_PATH = '/__relay/probe';

/**
 * Upstream response headers that are not on the relay's pass-through allow-list reach the page renamed with this
 * prefix (`WWW-Authenticate` → `X-Relay-Upstream-WWW-Authenticate`), so the browser gives them no meaning; the page's
 * relay fetch restores the original names on the Response it hands to the client code.
 */
export const RELAY_UPSTREAM_PREFIX = 'x-relay-upstream-';
/** The command line's stdio servers: their command, state and stderr (POST with X-Relay-Token). */
export const STDIO_LOG_PATH = '/__stdio/log';

/**
 * A relayed SSE stream the relay had to cut ends with the comment line `: relay cut the stream: <why>`; the client
 * reads it so the leg says why the stream stopped (a size or time limit of the relay) instead of just "dropped".
 */
export const RELAY_CUT_PREFIX = 'relay cut the stream: ';
