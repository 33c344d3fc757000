import type { FetchLike } from '../client/send-leg.ts';
import { httpLegSender } from '../client/leg-sender.ts';
import { classifyExchange } from '../protocol/classify-exchange.ts';
import type { Outcome } from '../protocol/classify.ts';
import { envelope } from '../protocol/envelope.ts';
import type { Exchange } from '../protocol/exchange.ts';
import { requestHeaders } from '../protocol/headers.ts';
import type { JsonObject, JsonRpcRequest } from '../protocol/types.ts';
import type { ConnectionContext } from '../session/compose.ts';

/** A list/discover call that did not produce a result; carries the recorded exchange for diagnosis. */
export class RpcFailure extends Error {
  constructor(
    readonly outcome: Outcome,
    readonly exchange: Exchange,
  ) {
    super(describeOutcome(outcome, exchange));
    this.name = 'RpcFailure';
  }
}

/**
 * One line for a failed call, with the HTTP status said once: prefixed when the reason does not already name it (the
 * classifier's reasons often start with "HTTP 404 …").
 */
export function describeOutcome(outcome: Outcome, exchange?: Exchange): string {
  const code = exchange?.response?.status;
  const status = (text: string) =>
    code === undefined || new RegExp(`\\bHTTP ${code}\\b`).test(text) ? text : `HTTP ${code}: ${text}`;
  switch (outcome.kind) {
    case 'error':
      return status(`JSON-RPC error ${outcome.error.code}: ${outcome.error.message}`);
    case 'invalid':
    case 'transport':
      return status(outcome.reason);
    case 'input_required':
      return status('the server answered input_required to a request that cannot ask for input');
    case 'complete':
      return 'complete';
    case 'task':
      return status(`the server answered with a task (${outcome.task.status}) where a plain result was expected`);
  }
}

/** Told about every exchange a connection makes by itself (the Timeline's Connection conversation). */
export type ExchangeRecorder = (method: string, exchange: Exchange) => void;

let listId = 0;

/** One plain request (discover, list): returns the result or throws RpcFailure. */
export async function rpc(
  ctx: ConnectionContext,
  fetch: FetchLike,
  method: string,
  params: JsonObject = {},
  opts: { viaRelay?: boolean; timeoutMs?: number; record?: ExchangeRecorder } = {},
): Promise<{ result: JsonObject; exchange: Exchange }> {
  listId += 1;
  const id = `list-${listId}`;
  const body: JsonRpcRequest = {
    jsonrpc: '2.0',
    id,
    method,
    params: { ...params, _meta: envelope({ protocolVersion: ctx.protocolVersion, clientInfo: ctx.clientInfo }) },
  };
  const headerOpts: Parameters<typeof requestHeaders>[1] = { extra: ctx.headers ?? {} };
  if (ctx.protocolVersion) headerOpts.protocolVersion = ctx.protocolVersion;
  if (ctx.authorization) headerOpts.authorization = ctx.authorization;
  const sender = httpLegSender({
    fetch,
    timeoutMs: opts.timeoutMs ?? 15_000,
    ...(opts.viaRelay ? { viaRelay: true } : {}),
  });
  const exchange = await sender.send({
    url: ctx.url,
    headers: requestHeaders(body, headerOpts),
    body: JSON.stringify(body),
    rpcId: id,
  });
  opts.record?.(method, exchange);
  const outcome = classifyExchange(exchange, method, id);
  if (outcome.kind !== 'complete') throw new RpcFailure(outcome, exchange);
  return { result: outcome.result, exchange };
}
