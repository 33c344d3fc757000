import type { InspectorState } from '../../store/inspector-store.ts';
import type { Conversation, Leg, SessionState } from '../../session/model.ts';
import { headerValue } from '../../protocol/exchange.ts';
import { dualEraPitfall, LEGACY_ERA_VERSION } from '../../protocol/era.ts';
import { lastLeg, targetOf, unansweredKeys } from '../../session/selectors.ts';
import { pendingUrlFlows, type PendingUrlFlow } from '../../features/input-requests/pending-url-flow.ts';
import { rejectedStateFacts } from '../../features/result/rejected-state.ts';
import type { ResultViewProps } from '../../features/result/result-view.tsx';
import { missingCapabilitiesOf } from '../../protocol/capability-recovery.ts';
import { withCapability } from '../../protocol/envelope.ts';

export interface ResultRecovery {
  /** extra props for the Result: "all answered", and the requestState notice with its way back */
  resultProps: Pick<ResultViewProps, 'allAnswered' | 'rejectedState' | 'missingCapability' | 'eraPitfall'>;
  /** URL pages the server still waits for, shown again on the "still waiting" screen */
  pendingUrls: PendingUrlFlow[];
}

/**
 * What keeps the conversation column truthful and free of dead ends: the Result knows when every question is
 * answered, an error after an edited or expired requestState says so and offers a resend as a branch, and a URL flow
 * still waiting shows its page again; a -32021 offers a resend declaring what the server named.
 */
export function resultRecovery(
  session: SessionState,
  conversation: Conversation,
  busy: boolean,
  actions: Pick<InspectorState, 'forkAndSend' | 'fork' | 'dispatch' | 'sendDraft'>,
): ResultRecovery {
  const last = lastLeg(session, conversation);
  const draft = conversation.draft;
  const resultProps: ResultRecovery['resultProps'] = {};
  if (draft && last && (draft.afterLegId ?? last.id) === last.id && Object.keys(draft.inputRequests).length > 0) {
    resultProps.allAnswered = unansweredKeys(draft).length === 0;
  }
  const facts = last ? rejectedStateFacts(last) : undefined;
  const firstLegId = conversation.legIds[0];
  if (last && facts) {
    resultProps.rejectedState = {
      facts,
      ...(busy || conversation.inFlight ? { disabledReason: 'A leg is in flight.' } : {}),
      onRetryWithServerState: () => void actions.forkAndSend(last.id, 'server-state'),
      ...(firstLegId ? { onStartOver: () => void actions.forkAndSend(firstLegId, 'resend') } : {}),
    };
  }
  // a -32021 on the last leg: offer one manual resend per capability the server named, as a branch declaring it
  const missing = last ? missingCapabilitiesOf(last.outcome) : undefined;
  if (last && missing) {
    resultProps.missingCapability = {
      missing,
      ...(busy || conversation.inFlight ? { disabledReason: 'A leg is in flight.' } : {}),
      onResend: (m) => {
        const branch = actions.fork(last.id);
        const capabilities = withCapability(last.sent.capabilities, m.flag, true);
        actions.dispatch({ type: 'draft/capabilities', conversationId: branch, capabilities });
        void actions.sendDraft(branch);
      },
    };
  }
  const pitfall = last ? callPitfall(conversation, last) : undefined;
  if (pitfall) resultProps.eraPitfall = pitfall;
  const pendingUrls = draft ? pendingUrlFlows(conversation.legIds, session.legs) : [];
  return { resultProps, pendingUrls };
}

/** The dual-era bug on a call made over a 2025-11-25 session (its legs carry that protocol version). */
function callPitfall(conversation: Conversation, last: Leg) {
  if (last.outcome.kind !== 'error') return undefined;
  const version = headerValue(last.exchange.request.headers, 'mcp-protocol-version');
  return dualEraPitfall({
    era: version === LEGACY_ERA_VERSION ? 'legacy' : 'modern',
    method: conversation.method,
    name: targetOf(conversation),
    error: last.outcome.error,
  });
}
