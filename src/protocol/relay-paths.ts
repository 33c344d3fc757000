/** Paths of the same-origin relay that `npm start` serves; shared by the relay (node) and the page (client). */
export const RELAY_FORWARD_PATH = '/__relay/forward';
export const RELAY_PROBE_PATH = '/__relay/probe';
/** The command line's stdio servers: their command, state and stderr (POST with X-Relay-Token). */
export const STDIO_LOG_PATH = '/__stdio/log';
