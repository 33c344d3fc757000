/**
 * The one reader of a JSON-RPC id: a string or a number (JSON-RPC 2.0 also allows null, which names no request the
 * inspector can answer or match). Pure.
 */
import type { RpcId } from './types.ts';

/** The id a message carries, or undefined when it carries none that names a request. */
export function rpcIdOf(message: unknown): RpcId | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const id = (message as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/** The id of the message a body holds; undefined when the body is not JSON or names no request. */
export function rpcIdOfBody(body: string): RpcId | undefined {
  try {
    return rpcIdOf(JSON.parse(body) as unknown);
  } catch {
    return undefined;
  }
}
