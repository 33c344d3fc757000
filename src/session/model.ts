import type { Outcome } from '../protocol/classify.ts';
import type { RequestOptions } from '../protocol/envelope.ts';
import type { Exchange } from '../protocol/exchange.ts';
import type { LintSent } from '../protocol/lint/lint-types.ts';
import type { TaskSnapshot } from '../protocol/tasks/wire.ts';
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
  /**
   * send this leg to another server than the conversation's own (a fleet check, a deliberate replay of its state
   * elsewhere), chosen by hand; absent: the conversation's server, the one that asked
   */
  target?: string;
  /** a raw body edited by hand; when set it is sent instead of the composed body */
  bodyOverride?: string;
  /**
   * the answers were typed in the inputResponses JSON editor (beyond what the answer forms produce): an edit, so the
   * leg is always held. Answering through the forms never sets it; resetting the answers clears it.
   */
  answersByHand?: true;
  /** what the draft held when it was made, so each editor can go back to it (absent in drafts saved before it existed) */
  origin?: DraftOrigin;
  /** the call's optional `_meta` members (progressToken, logLevel, traceparent), the same on every leg of the call */
  requestOptions?: RequestOptions;
  /**
   * 2025-11-25: this draft is the JSON-RPC response to a request the server pushed (the leg `afterLegId`), not a retry
   * of the call; its `rpcId` is the pushed request's id and `answers[pushed.key]` its result
   */
  respondTo?: PushedFacts;
}

/** A request a 2025-11-25 server pushed (direction server -> client). */
export interface PushedFacts {
  /** the server's JSON-RPC id */
  id: RpcId;
  method: string;
  /** the input request key it is shown under (`<method> #<id>`) */
  key: string;
  /**
   * pushed on the session's own stream (the standalone GET), outside any call: the conversation is this one request,
   * and answering it ends it. Absent: pushed on a call's response stream, a round of that call.
   */
  onSession?: true;
}

/** The untouched values of a draft: "Reset" puts these back. */
interface DraftOrigin {
  rpcId: RpcId;
  params: JsonObject;
  capabilities: ClientCapabilities;
  /** answers a fork started with (the resent leg's answers); empty for a fresh round */
  answers: Record<string, InputResponse>;
}

/** The parts of a draft that can be reset one at a time. */
export type DraftPart =
  'answers' | 'params' | 'rpcId' | 'headers' | 'capabilities' | 'requestState' | 'body' | 'target';

/** One mutation of a tamper matrix run: what is sent, and the fork that sent it. */
export interface TamperRow {
  mutationId: string;
  label: string;
  description: string;
  /** the requestState this row sends (null: the field is omitted) */
  requestState: string | null;
  status: 'pending' | 'waiting' | 'sent' | 'skipped';
  skipReason?: string;
  /** ms epoch: the row waits until then (replay after expiry) */
  waitUntil?: number;
  /** the fork conversation that sent it; its last leg is the server's answer */
  branchId?: string;
}

/** A tamper matrix run against a paused leg of a conversation. Results are read from the forks' legs. */
export interface TamperRun {
  id: string;
  /** the paused leg the mutations answer (the draft's afterLegId) */
  legId?: string;
  startedAt: number;
  finished?: boolean;
  rows: TamperRow[];
}

/** What the sender knew about the leg it sent (recorded so lint and the timeline can say "edited by you"). */
export interface SentFacts extends Omit<LintSent, 'inputResponses'> {
  /** the inputResponses sent (absent on a first leg) */
  inputResponses?: Record<string, InputResponse>;
  params: JsonObject;
  /** the optional `_meta` members the leg was composed with (absent: none, or a leg saved before they existed) */
  requestOptions?: RequestOptions;
  /** the leg's JSON-RPC method when it is not the conversation's own (a task's tasks/get, tasks/update, tasks/cancel) */
  method?: string;
  /**
   * a watched leg: the exchange it came from (`watchedExchangeKey`: run and id), so a reloaded page that is told the
   * run's history again records it once
   */
  watchedExchange?: string;
}

/** What a leg sent that answered nothing and was not edited: a first leg, a task's poll, a connection request. */
export function plainSent(params: JsonObject, capabilities: ClientCapabilities, method?: string): SentFacts {
  const sent: SentFacts = {
    answeredKeys: [],
    unansweredKeys: [],
    requestStateEdited: false,
    bodyEdited: false,
    capabilities,
    params,
  };
  if (method !== undefined) sent.method = method;
  return sent;
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
  /** 2025-11-25: a request the server pushed on the call's stream (direction server -> client) */
  pushed?: PushedFacts;
  /** 2025-11-25: the JSON-RPC response the client posted to the pushed request, and the server's acknowledgement */
  answer?: { exchange: Exchange; sent: SentFacts };
}

/** What an in-flight leg sent: its URL and body exactly as they went out. */
export interface InFlightRequest {
  url: string;
  body: string;
}

/**
 * What kind of conversation it is; each kind's behaviour is a module in `kinds/<kind>/` (kinds/registry.ts):
 * - `call`: a 2026-07-28 tools/call, prompts/get or resources/read, round by round
 * - `task`: a call that returned a task (tasks extension)
 * - `legacy-call`: a call over a 2025-11-25 session, with the requests the server pushed on its stream
 * - `legacy-task`: a 2025-11-25 call that returned a task
 * - `pushed-request`: a request a 2025-11-25 server pushed on its session's own stream, outside any call
 * - `watched-call`, `watched-traffic`: recorded from a client the inspector watched (a call; its other requests)
 */
export type KindId =
  'call' | 'task' | 'legacy-call' | 'legacy-task' | 'pushed-request' | 'watched-call' | 'watched-traffic';

export interface Conversation {
  id: string;
  kind: KindId;
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
  inFlight?: { rpcId: RpcId; startedAt: number; request?: InFlightRequest };
  /**
   * the conversation and leg this branch started from. Without `atDraft` the branch resends `legId` (its legs stop
   * before it); with `atDraft` it copies the paused draft that follows `legId` (its legs include it).
   */
  forkOf?: { conversationId: string; legId: string; atDraft?: boolean };
  /** set on a fork made by a tamper matrix run: which run and mutation it is */
  tamper?: { runId: string; mutationId: string; label: string };
  /** the latest tamper matrix run against this conversation's paused leg */
  tamperRun?: TamperRun;
  /** the legs were sent by a client the inspector watched through its proxy, not by the app */
  watched?: WatchedBy;
  /** set once a leg returned a task (tasks extension): later legs are tasks/get, tasks/update and tasks/cancel */
  task?: TaskTrack;
}

/** Which proxy a watched conversation came through, and the client's name and version. */
export interface WatchedBy {
  proxyId: string;
  client: string;
  /** the exchange that started it (`watchedExchangeKey`): a reloaded page told it again joins it here */
  exchange?: string;
}

/** What the client keeps about a conversation's task between legs. */
export interface TaskTrack {
  taskId: string;
  /** keys already answered by a tasks/update the server acknowledged: never asked again, even if re-sent */
  answeredKeys: string[];
  /** the task as status notifications told it (`notifications/tasks` on a subscriptions/listen stream), in order */
  notices?: TaskNotice[];
  /**
   * a 2025-11-25 task (the call asked for it with `params.task`): polled with tasks/get, its requests and its result
   * come on tasks/result (session/kinds/legacy-task/legacy-task-legs.ts). Absent: the 2026-07-28 tasks extension.
   */
  era?: '2025-11-25';
}

/** One task status notification: the whole task, as `tasks/get` would have returned it then. */
export interface TaskNotice {
  /** ms epoch it arrived */
  at: number;
  task: TaskSnapshot;
}

export interface SessionState {
  conversations: Record<string, Conversation>;
  order: string[];
  legs: Record<string, Leg>;
  nextRpcId: number;
}

export const emptySession: SessionState = { conversations: {}, order: [], legs: {}, nextRpcId: 1 };
