/** JSON-RPC message shapes of a 2025-11-25 stream, and the pushed request read from one. Pure. */
import { rpcIdOf } from '../../protocol/rpc-id.ts';
import type { HeaderList } from '../../protocol/exchange.ts';
import { isJsonObject } from '../../protocol/types.ts';

export type Message = Record<string, unknown>;
type JsonRpcId = string | number;

/** A request the server sends to the client (elicitation/create, sampling/createMessage, roots/list, ping, …). */
export interface PushedRequest {
  id: JsonRpcId;
  method: string;
  params?: Record<string, unknown>;
}

export const isResponse = (m: Message) => 'id' in m && ('result' in m || 'error' in m) && !('method' in m);
const isRequest = (m: Message) => typeof m.method === 'string' && rpcIdOf(m) !== undefined;

/** The pushed request a message carries, or undefined when it is not a request. */
export function toPushed(m: Message): PushedRequest | undefined {
  if (!isRequest(m)) return undefined;
  const pushed: PushedRequest = { id: m.id as JsonRpcId, method: m.method as string };
  if (isJsonObject(m.params)) pushed.params = m.params;
  return pushed;
}

export function listHeaders(h: Headers): HeaderList {
  const out: HeaderList = [];
  h.forEach((value, name) => out.push([name, value]));
  return out;
}
