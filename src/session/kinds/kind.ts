/**
 * The seam between the core of a conversation (start, compose, send, record, next draft) and what differs between
 * the kinds of conversation the inspector carries. Each kind is a pure module in `kinds/<kind>/` with this surface,
 * found through `registry.ts`; the reducer, compose, the selectors and the session slice ask the registry and name no
 * kind. Adding a kind is a folder with its module and one line in the registry (docs/architecture.md shows how).
 */
import type { Outcome } from '../../protocol/classify.ts';
import type { Exchange } from '../../protocol/exchange.ts';
import type { RpcId } from '../../protocol/types.ts';
import type { ComposedRequest, ConnectionContext } from '../compose.ts';
import type { SessionEvent } from '../events.ts';
import type { Conversation, Draft, KindId, Leg, PushedFacts, SentFacts, TaskTrack } from '../model.ts';
import type { ConversationStatus } from '../selectors.ts';

/** A leg as it is recorded, before it is judged. */
export interface RecordedExchange {
  exchange: Exchange;
  sent: SentFacts;
  rpcId: RpcId;
  /** a request the server pushed (direction server -> client) */
  pushed?: PushedFacts;
}

/** Where a conversation goes after a leg is recorded. */
export interface KindStep {
  /** the next leg waiting in the composer (absent: nothing to send) */
  draft?: Draft | undefined;
  /** the conversation becomes another kind (a call that returned a task follows the task from then on) */
  becomes?: KindId;
  /** the task the conversation follows, as this leg left it */
  task?: TaskTrack;
  /** the recorded leg is another request than the one in flight (a poll, a listen stream): that one stays in flight */
  keepsInFlight?: boolean;
}

/** How one kind of conversation behaves. Every member is pure. */
export interface ConversationKind {
  readonly id: KindId;
  /**
   * The wire the kind's legs need: `http` (one POST per leg, direct or relayed), `session` (a 2025-11-25 session,
   * which numbers its own requests and brings requests of the server's), or `none` (recorded from traffic someone
   * else sent: nothing is sent for it).
   */
  readonly wire: 'http' | 'session' | 'none';
  /**
   * the app follows it by itself from the moment a conversation becomes this kind (a 2025-11-25 task: the requests it
   * needs answered come on tasks/result, which only its follower opens)
   */
  readonly followsOnStart?: boolean;
  /** nobody sends for it (a watched client answers and retries for itself): it never holds a draft */
  readonly readOnly?: boolean;
  /** The exact request the draft sends: the composer's preview and the sender both use it. */
  compose(conversation: Conversation, draft: Draft, ctx: ConnectionContext): ComposedRequest;
  /** How a recorded exchange reads. */
  classify(conversation: Conversation, recorded: RecordedExchange): Outcome;
  /** The leg a recorded one answers (a retry's previous round); undefined when its legs are requests of their own. */
  parentOf(conversation: Conversation): string | undefined;
  /** The conversation's next step after `leg`; `rpcId` is the session's next free id, for a new draft. */
  afterLeg(conversation: Conversation, leg: Leg, rpcId: number): KindStep;
  /** Its status when the last leg says more than its outcome does; undefined: the core reads the outcome. */
  status?(conversation: Conversation, last: Leg): ConversationStatus | undefined;
  /** The composer's send button when it is not "Send retry". */
  sendLabel?(conversation: Conversation): string | undefined;
  /**
   * A kind-specific event about an existing leg or the conversation (an answer posted to a pushed request, a task
   * status notification): the conversation and leg it makes, or undefined when it changes nothing.
   */
  onEvent?(
    conversation: Conversation,
    event: SessionEvent,
    ctx: { leg(legId: string): Leg | undefined; nextRpcId: number },
  ): { conversation: Conversation; leg?: Leg; nextRpcId?: number } | undefined;
}
