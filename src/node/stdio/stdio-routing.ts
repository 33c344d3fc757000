/**
 * Which request in flight a message from a stdio server belongs to. stdio is one shared channel with no per-request
 * streams, so the links are in the messages: a response names its request by `id` (the bridge's own, `bridge-N`), a
 * progress notification by the `progressToken` the page sent, and a subscription's notification by
 * `_meta["io.modelcontextprotocol/subscriptionId"]`, the id of its `subscriptions/listen` (2026-07-28 stdio.mdx:
 * "Clients MUST correlate these using the io.modelcontextprotocol/subscriptionId field"). The page knows its listen by
 * its own id, so what goes back to it carries that id in place of the bridge's.
 */
import type { RpcMessage } from './stdio-leg.ts';

const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

const objectOr = (value: unknown): RpcMessage =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as RpcMessage) : {};

/** The subscription a server message belongs to (its `params._meta` or, on the listen's own response, `result._meta`). */
export function subscriptionIdOf(message: RpcMessage): unknown {
  const holder = objectOr('result' in message ? message.result : message.params);
  return objectOr(holder._meta)[SUBSCRIPTION_ID];
}

/** `message` with its subscription id replaced by `id` (the page's id of the listen); unchanged without one. */
export function withSubscriptionId(message: RpcMessage, id: unknown): RpcMessage {
  const where = 'result' in message ? 'result' : 'params';
  const holder = objectOr(message[where]);
  const meta = objectOr(holder._meta);
  if (!(SUBSCRIPTION_ID in meta)) return message;
  return { ...message, [where]: { ...holder, _meta: { ...meta, [SUBSCRIPTION_ID]: id } } };
}

/**
 * Which in-flight requests a notification from a stdio server belongs to: a subscription's notification to its
 * listen only (none when that listen is gone); progress to the request that sent its token; anything else (a log
 * message, list_changed outside a subscription) to every request in flight when it was written, but never to a
 * listen, whose stream carries only what it subscribed to.
 */
export function relatedLegs<L extends { progressToken?: unknown; subscriptionId?: string }>(
  note: RpcMessage,
  legs: readonly L[],
): L[] {
  const subscription = subscriptionIdOf(note);
  if (subscription !== undefined) return legs.filter((l) => l.subscriptionId === subscription);
  const calls = legs.filter((l) => l.subscriptionId === undefined);
  const params = objectOr(note.params);
  if (note.method === 'notifications/progress' && params.progressToken !== undefined) {
    return calls.filter((l) => l.progressToken !== undefined && l.progressToken === params.progressToken);
  }
  return calls;
}

/** The `_meta.progressToken` a request carries, if any. */
export function progressTokenOf(message: RpcMessage): unknown {
  return objectOr(objectOr(message.params)._meta).progressToken;
}

/** How a log line names an id the server wrote: `bridge-3`, `42 (a number)`, `null`. */
export function describeId(id: unknown): string {
  if (typeof id === 'string') return id;
  if (typeof id === 'number') return `${id} (a number)`;
  return JSON.stringify(id) ?? 'no id';
}
