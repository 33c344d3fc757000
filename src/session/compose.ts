import type { HeaderList } from '../protocol/exchange.ts';
import { isJsonObject, type ClientInfo, type JsonRpcRequest } from '../protocol/types.ts';
import { kindOf } from './kinds/registry.ts';
import type { Conversation, Draft, SentFacts } from './model.ts';

/** Everything outside the draft that shapes the bytes of a leg: where it goes and what every request carries. */
export interface ConnectionContext {
  url: string;
  protocolVersion?: string;
  clientInfo?: ClientInfo;
  authorization?: string;
  /** connection-wide custom headers */
  headers?: Record<string, string>;
  /** the `Mcp-Session-Id` of a connection made with an `initialize` handshake, when the server gave one */
  sessionId?: string;
  /**
   * set when the connection was made with an `initialize` handshake (2025-11-25): the version it negotiated and the id
   * its next request will carry (such a connection numbers its requests itself)
   */
  handshake?: { protocolVersion: string; nextId: number };
}

export interface ComposedRequest {
  url: string;
  headers: HeaderList;
  body: string;
  /** the JSON-RPC message the body encodes, when it parses */
  message?: JsonRpcRequest;
  /** problems that make the body unsendable as valid JSON-RPC (it can still be sent on purpose) */
  problems: string[];
  sent: SentFacts;
}

/**
 * The exact HTTP request the composer shows and the sender sends for this draft: the conversation's kind composes
 * it. Pure: same input, same bytes.
 */
export function composeRequest(conversation: Conversation, draft: Draft, ctx: ConnectionContext): ComposedRequest {
  return kindOf(conversation).compose(conversation, draft, ctx);
}

/** A body edited by hand, read as a request: the message when it is one, else why not (it can still be sent). */
export function readEditedRequest(body: string): { message?: JsonRpcRequest; problems: string[] } {
  try {
    const parsed = JSON.parse(body) as unknown;
    if (isJsonObject(parsed) && 'method' in parsed)
      return { message: parsed as unknown as JsonRpcRequest, problems: [] };
    return { problems: ['the edited body is not a JSON-RPC request object'] };
  } catch (err) {
    return { problems: [`the edited body is not valid JSON: ${err instanceof Error ? err.message : String(err)}`] };
  }
}
