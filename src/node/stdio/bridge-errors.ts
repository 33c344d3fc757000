/**
 * Errors the stdio bridge makes itself (the server said nothing of the kind), so that the page, a watched client or a
 * person reading the wire never takes them for the server's. 2026-07-28 `basic/index.mdx` reserves -32768..-32000 (and
 * calls -32000..-32019 legacy), and asks that local errors be allocated outside it and "cannot be mistaken for errors
 * received from the peer": every bridge error is code -1, with `data.source` naming the inspector and `data.reason` a
 * machine-readable reason, and a message that says the inspector made it.
 */
import { DISCOVER_UNANSWERED } from '../../protocol/era.ts';
import type { RpcMessage } from './stdio-leg.ts';

export const INSPECTOR_ERROR_CODE = -1;

export type BridgeErrorReason =
  | 'parse_error'
  | 'invalid_request'
  | 'not_acceptable'
  | 'method_not_allowed'
  | 'not_running'
  | 'server_exited'
  | 'stdin_closed'
  | 'timeout'
  /** the page's era detection reads this one (protocol/era.ts) */
  | typeof DISCOVER_UNANSWERED.reason
  | 'cancelled'
  | 'line_too_long'
  | 'subscription_ended';

/** The JSON-RPC error message of a bridge error under the page's `id`. */
export function bridgeError(id: unknown, reason: BridgeErrorReason, message: string): RpcMessage {
  return {
    jsonrpc: '2.0',
    id: id ?? null,
    error: {
      code: INSPECTOR_ERROR_CODE,
      message: `${message} (made by the inspector's stdio bridge, not by the server)`,
      data: { source: DISCOVER_UNANSWERED.source, reason },
    },
  };
}

/** The same, as the HTTP answer to the page's request. */
export function bridgeErrorResponse(status: number, id: unknown, reason: BridgeErrorReason, message: string): Response {
  return new Response(JSON.stringify(bridgeError(id, reason, message)), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
