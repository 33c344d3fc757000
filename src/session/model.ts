import type { Outcome } from '../protocol/classify.ts';
import type { Exchange } from '../protocol/exchange.ts';
import type { ClientCapabilities, InputRequests, InputResponse, JsonObject, RpcId } from '../protocol/types.ts';

/**
 * The next leg of a conversation, held in the composer until the user sends it. Everything the user can change
 * before sending lives here.
 */
export interface Draft {
  /** the leg this draft answers; absent for a conversation's first leg */
  afterLegId?: string;
  rpcId: RpcId;
  /** the call's own params (name + arguments, or uri), editable */
  params: JsonObject;
  /** what the previous leg asked for */
  inputRequests: InputRequests;
  /** answers so far, by key */
  answers: Record<string, InputResponse>;
  /** the requestState the server gave (absent when it gave none) */
  originalRequestState?: string;
  /** what will be sent: undefined = the field is omitted */
  requestState?: string;
  capabilities: ClientCapabilities;
  /** extra HTTP headers for this leg only */
  extraHeaders: Record<string, string>;
  /** a raw body edited by hand; when set it is sent instead of the composed body */
  bodyOverride?: string;
}

/** What the sender knew about the leg it sent (recorded so lint and the timeline can say "edited by you"). */
export interface SentFacts {
  /** the inputResponses sent (absent on a first leg) */
  inputResponses?: Record<string, InputResponse>;
  answeredKeys: string[];
  /** keys that were asked but left unanswered on purpose */
  unansweredKeys: string[];
  requestState?: string;
  originalRequestState?: string;
  requestStateEdited: boolean;
  bodyEdited: boolean;
  capabilities: ClientCapabilities;
  params: JsonObject;
}

export interface Leg {
  id: string;
  conversationId: string;
  /** the leg this one answered; absent for a first leg */
  parentLegId?: string;
  rpcId: RpcId;
  exchange: Exchange;
  outcome: Outcome;
  sent: SentFacts;
}

export interface Conversation {
  id: string;
  title: string;
  method: string;
  serverUrl: string;
  createdAt: number;
  /** the tool's inputSchema, for x-mcp-header arguments */
  inputSchema?: JsonObject;
  /** the call's own params (name + arguments, or uri) as first sent */
  params: JsonObject;
  /** legs in order; legs before a fork point are shared with the parent conversation */
  legIds: string[];
  draft?: Draft;
  inFlight?: { rpcId: RpcId; startedAt: number };
  forkOf?: { conversationId: string; legId: string };
}

export interface SessionState {
  conversations: Record<string, Conversation>;
  order: string[];
  legs: Record<string, Leg>;
  nextRpcId: number;
}

export const emptySession: SessionState = { conversations: {}, order: [], legs: {}, nextRpcId: 1 };
