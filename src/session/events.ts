import type { Exchange } from '../protocol/exchange.ts';
import type { ClientCapabilities, InputResponse, JsonObject, RpcId } from '../protocol/types.ts';
import type { SessionState, SentFacts } from './model.ts';

export type SessionEvent =
  | {
      type: 'conversation/started';
      id: string;
      title: string;
      method: string;
      params: JsonObject;
      serverUrl: string;
      inputSchema?: JsonObject;
      capabilities: ClientCapabilities;
      at: number;
    }
  | { type: 'leg/sent'; conversationId: string; rpcId: RpcId; at: number }
  | {
      type: 'leg/recorded';
      conversationId: string;
      legId: string;
      rpcId: RpcId;
      exchange: Exchange;
      sent: SentFacts;
    }
  | { type: 'draft/answer'; conversationId: string; key: string; response: InputResponse | undefined }
  | { type: 'draft/request-state'; conversationId: string; value: string | undefined }
  | { type: 'draft/capabilities'; conversationId: string; capabilities: ClientCapabilities }
  | { type: 'draft/headers'; conversationId: string; headers: Record<string, string> }
  | { type: 'draft/params'; conversationId: string; params: JsonObject }
  | { type: 'draft/rpc-id'; conversationId: string; rpcId: RpcId }
  | { type: 'draft/body'; conversationId: string; body: string | undefined }
  | { type: 'draft/reset'; conversationId: string }
  | { type: 'conversation/forked'; fromLegId: string; id: string; at: number }
  | { type: 'conversation/removed'; conversationId: string }
  | { type: 'session/replaced'; state: SessionState };
