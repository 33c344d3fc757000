import type { RequestOptions } from '../protocol/envelope.ts';
import type { Exchange } from '../protocol/exchange.ts';
import type { TaskSnapshot } from '../protocol/tasks/wire.ts';
import type { ClientCapabilities, InputResponse, JsonObject, RpcId } from '../protocol/types.ts';
import type {
  DraftPart,
  KindId,
  InFlightRequest,
  PushedFacts,
  WatchedBy,
  SessionState,
  SentFacts,
  TamperRow,
  TamperRun,
} from './model.ts';

export type SessionEvent =
  | {
      type: 'conversation/started';
      id: string;
      kind: KindId;
      title: string;
      method: string;
      params: JsonObject;
      serverUrl: string;
      inputSchema?: JsonObject;
      capabilities: ClientCapabilities;
      /** optional `_meta` members carried on every leg of the call */
      requestOptions?: RequestOptions;
      at: number;
      /** a watched client's conversation (through the inspector's proxy): which proxy, which client */
      watched?: WatchedBy;
    }
  /**
   * `takesId`: the rpcId is the session's next free id (a task poll or cancel), so the counter moves on. `request`:
   * the URL and body as they went out, shown while the leg is in flight (a 2025-11-25 session numbers its own requests,
   * so a body recomposed later would carry the wrong id)
   */
  | {
      type: 'leg/sent';
      conversationId: string;
      rpcId: RpcId;
      at: number;
      takesId?: boolean;
      request?: InFlightRequest;
    }
  | {
      type: 'leg/recorded';
      conversationId: string;
      legId: string;
      rpcId: RpcId;
      exchange: Exchange;
      sent: SentFacts;
      /** 2025-11-25: the leg is a request the server pushed (its answer waits in the composer as a response) */
      pushed?: PushedFacts;
    }
  /** 2025-11-25: the response to the pushed request `legId` went out; the call waits on its stream again */
  | { type: 'leg/answered'; conversationId: string; legId: string; exchange: Exchange; sent: SentFacts; at: number }
  | { type: 'draft/answer'; conversationId: string; key: string; response: InputResponse | undefined }
  | { type: 'draft/request-state'; conversationId: string; value: string | undefined }
  | { type: 'draft/capabilities'; conversationId: string; capabilities: ClientCapabilities }
  | { type: 'draft/headers'; conversationId: string; headers: Record<string, string> }
  | { type: 'draft/params'; conversationId: string; params: JsonObject }
  | { type: 'draft/rpc-id'; conversationId: string; rpcId: RpcId }
  | { type: 'draft/body'; conversationId: string; body: string | undefined }
  /** send the leg to `url` instead of the conversation's own server; undefined: back to its own */
  | { type: 'draft/target'; conversationId: string; url: string | undefined }
  /** replace every answer at once; `byHand`: typed in the answers JSON editor (an edit), not a one-click variant */
  | { type: 'draft/answers'; conversationId: string; answers: Record<string, InputResponse>; byHand?: boolean }
  /** put the draft back as it was made: one part, or everything when `part` is absent */
  | { type: 'draft/reset'; conversationId: string; part?: DraftPart }
  | { type: 'conversation/forked'; fromLegId: string; id: string; at: number }
  /** the tool's inputSchema as a fresh tools/list gives it (after a -32020): the next legs' headers follow it */
  | { type: 'conversation/schema-refreshed'; conversationId: string; inputSchema: JsonObject | undefined }
  /**
   * a branch that copies the conversation's paused draft (same legs so far); `requestState` overrides what it sends
   * (null: omit the field). Used by the tamper matrix, one fork per mutation.
   */
  | {
      type: 'draft/forked';
      conversationId: string;
      id: string;
      at: number;
      title?: string;
      /** what the branch sends instead of the draft's requestState (null: omit it); absent: keep the draft's */
      requestState?: string | null;
      tamper?: { runId: string; mutationId: string; label: string };
    }
  | { type: 'tamper/planned'; conversationId: string; run: TamperRun }
  | {
      type: 'tamper/row';
      conversationId: string;
      runId: string;
      mutationId: string;
      patch: Partial<Omit<TamperRow, 'mutationId'>>;
    }
  | { type: 'tamper/finished'; conversationId: string; runId: string }
  /** a task status notification arrived (tasks extension); `capabilities` go on a tasks/update it makes */
  | {
      type: 'task/notified';
      conversationId: string;
      task: TaskSnapshot;
      at: number;
      capabilities: ClientCapabilities;
    }
  /** a task's subscriptions/listen stream was opened with the session's next free id (nothing is in flight) */
  | { type: 'task/listen-started'; conversationId: string; rpcId: RpcId }
  | { type: 'conversation/removed'; conversationId: string }
  | { type: 'session/replaced'; state: SessionState };

type Started = Extract<SessionEvent, { type: 'conversation/started' }>;

/** The event that starts a call: the call's own parts from `call` (optional ones only when given), the rest from where it goes. */
export function conversationStarted(
  id: string,
  call: Pick<Started, 'title' | 'method' | 'params' | 'inputSchema' | 'requestOptions'>,
  to: Pick<Started, 'serverUrl' | 'capabilities' | 'at' | 'kind'>,
): Started {
  const event: Started = {
    type: 'conversation/started',
    id,
    title: call.title,
    method: call.method,
    params: call.params,
    ...to,
  };
  if (call.inputSchema) event.inputSchema = call.inputSchema;
  if (call.requestOptions) event.requestOptions = call.requestOptions;
  return event;
}
