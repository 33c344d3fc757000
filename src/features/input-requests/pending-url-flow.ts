import type { Outcome } from '../../protocol/classify.ts';
import { classifyInputRequest } from '../../protocol/elicitation/answers.ts';
import type { InputRequest } from '../../protocol/types.ts';
import type { Leg } from '../../session/model.ts';

/** A URL-mode elicitation the user accepted while the server still answers "not done yet". */
export interface PendingUrlFlow {
  /** the leg that asked for the URL */
  legId: string;
  key: string;
  request: InputRequest;
}

const asksNothing = (o: Outcome) => o.kind === 'input_required' && Object.keys(o.inputRequests ?? {}).length === 0;

/**
 * The URL flows a conversation is still waiting on: when its last legs are state-only answers, the URL elicitations of
 * the round before them that the user accepted (a declined or cancelled page is not waited on). `legIds` are the
 * conversation's legs in order; only the trailing ones are read. Empty when the last leg is anything else.
 */
export function pendingUrlFlows(legIds: readonly string[], legs: Readonly<Record<string, Leg>>): PendingUrlFlow[] {
  const at = (i: number): Leg | undefined => {
    const id = legIds[i];
    return id === undefined ? undefined : legs[id];
  };
  let i = legIds.length - 1;
  const last = at(i);
  if (!last || !asksNothing(last.outcome)) return [];
  for (let leg = at(i); leg && asksNothing(leg.outcome); leg = at(i)) i -= 1;
  const asking = at(i);
  const answering = at(i + 1);
  if (!asking || !answering || asking.outcome.kind !== 'input_required') return [];
  const flows: PendingUrlFlow[] = [];
  for (const [key, request] of Object.entries(asking.outcome.inputRequests ?? {})) {
    if (classifyInputRequest(request) !== 'elicit-url') continue;
    if (answering.sent.inputResponses?.[key]?.action !== 'accept') continue;
    flows.push({ legId: asking.id, key, request });
  }
  return flows;
}
