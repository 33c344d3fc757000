import type { PushedAnswer } from './legacy-session.ts';

/**
 * The answer to a request a 2025-11-25 server pushes while the inspector has no way to show it yet: a JSON-RPC error
 * saying so (the session declares no client capabilities, so a conforming server does not ask).
 */
export const refusePushed = async (): Promise<PushedAnswer> => ({
  error: { code: -32601, message: 'the inspector does not answer server requests on this connection yet' },
});
