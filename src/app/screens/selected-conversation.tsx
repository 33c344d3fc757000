import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useInspector, useInspectorActions } from '../../store/store-context.tsx';
import { destinationOf, sendLabelOf } from './leg-destination.ts';
import { useLegContext } from '../../store/use-leg-context.ts';
import { useQueryEnv } from '../../queries/query-env.ts';
import { discoverQuery } from '../../queries/server-queries.ts';
import { connectedQuery } from '../../queries/connected-query.ts';
import { Composer } from '../../features/composer/composer.tsx';
import { DraftEditors } from '../../features/composer/draft-editors.tsx';
import { ResultView } from '../../features/result/result-view.tsx';
import { InputRequestList } from '../../features/input-requests/input-request-list.tsx';
import { TamperMatrix } from '../../features/tamper-matrix/tamper-matrix.tsx';
import { BranchesPanel } from '../../features/branches/branches-panel.tsx';
import { CompareErasPanel } from '../../features/compare-eras/compare-eras-panel.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import {
  branchSummaries,
  changedParts,
  composedDraft,
  conversationStatus,
  editedPartNames,
  forkPoints,
  lastLeg,
  statusTone,
  unansweredKeys,
  usedRpcIds,
} from '../../session/selectors.ts';
import { tamperRows } from '../../session/tamper-matrix.ts';
import { headerValue } from '../../protocol/exchange.ts';
import { CLIENT_SUPPORTED_VERSIONS, versionRecoveryOf } from '../../protocol/doctor-plan.ts';
import type { VersionMismatchProps } from '../../features/result/version-mismatch.tsx';
import { preloadElicitForm } from '../../features/input-requests/form-elicitation.tsx';
import { originOf } from '../../protocol/server-url.ts';
import { sentSummaryOf } from '../../features/composer/sent-summary.tsx';
import { RunStoppedNote } from '../../features/composer/run-stopped-note.tsx';
import { HeaderMismatchNote } from '../../features/result/header-mismatch.tsx';
import { useHeaderMismatch } from './header-recovery.ts';
import { UrlStillWaiting } from '../../features/input-requests/url-still-waiting.tsx';
import { resultRecovery } from './result-recovery.ts';
import { useServerLogReason } from './use-server-log.ts';
import { TaskSection } from './task-section.tsx';
import { resultOutcome } from '../../session/kinds/task/task-view.ts';
import { undeliveredReason } from '../../session/kinds/legacy-call/pushed-legs.ts';
import { RequestStateLabScreen } from './request-state-lab-screen.tsx';

/** What the leg context is made of when no conversation is selected (hooks run on every render). */
const NO_CONVERSATION = { serverUrl: '' };

/** Loads what the view shows for a first question (the elicitation form's chunk), so it renders without suspending. */
export function preloadFirstQuestion(): Promise<void> {
  return preloadElicitForm();
}

/**
 * The selected conversation: what the server asks, the next leg in the composer, the result and its branches. Loaded
 * lazily by ConversationScreen the first time a conversation is shown.
 */
export function SelectedConversation() {
  const st = useInspectorActions();
  const s = useInspector((st) => ({
    id: st.selectedConversationId,
    session: st.session,
    running: st.running,
    runNotes: st.runNotes,
    runWaits: st.runWaits,
    roundCap: st.roundCap,
    savedRoots: st.savedRoots,
    eraCompares: st.eraCompares,
  }));
  const env = useQueryEnv();
  const discover = useQuery(connectedQuery(env, discoverQuery));
  const conversation = s.id ? s.session.conversations[s.id] : undefined;
  const draft = conversation?.draft;
  // the leg goes to the conversation's own server, as the send composes it (store/leg-context.ts)
  const leg = useLegContext(conversation ?? NO_CONVERSATION);
  const composed = useMemo(
    () => (conversation ? composedDraft(conversation, leg.ctx) : undefined),
    [conversation, leg.ctx],
  );
  const headerMismatch = useHeaderMismatch(
    conversation,
    conversation ? lastLeg(s.session, conversation) : undefined,
    Boolean(conversation && s.running[conversation.id]),
    st,
  );
  const logSays = useServerLogReason(conversation, conversation ? lastLeg(s.session, conversation) : undefined);
  if (!conversation) {
    return (
      <Panel label="Result">
        <p className="text-sm text-slate-500">Call a tool to start. Each call becomes a conversation of legs.</p>
      </Panel>
    );
  }
  const id = conversation.id;
  const last = lastLeg(s.session, conversation);
  // a 2025-11-25 answer to a pushed request that the server did not take
  const undelivered = last?.answer && undeliveredReason(last.answer.exchange);
  const status = conversationStatus(s.session, conversation);
  const hasRequests = draft && Object.keys(draft.inputRequests).length > 0;
  const runNote = s.runNotes[id];
  const sent = sentSummaryOf(runNote, s.session.legs);
  const note = sent ? undefined : runNote?.message;
  const busy = Boolean(s.running[id]);
  const changed = draft ? changedParts(draft) : {};
  const editedParts = editedPartNames(changed);
  const branches = branchSummaries(s.session, id);
  const points = forkPoints(s.session, conversation);
  // the answer to a pushed request is a JSON-RPC response, not a retry of the call
  const isRetry = Boolean(
    draft && !draft.respondTo && (draft.afterLegId !== undefined || conversation.legIds.length > 0),
  );
  // "Asked by" names the server that asked: the connected server's name only when it is that server
  const askedBy =
    (env?.ctx.url === conversation.serverUrl ? discover.data?.serverName : undefined) ?? conversation.serverUrl;
  // a request the server pushed on its session: a conversation of one question, no call to compare
  const onSession = Boolean(conversation.legIds[0] && s.session.legs[conversation.legIds[0]]?.pushed?.onSession);
  const extras = resultRecovery(s.session, conversation, busy, st);
  const recovery = last
    ? versionRecoveryOf(last.outcome, headerValue(last.exchange.request.headers, 'MCP-Protocol-Version'))
    : undefined;
  const versionMismatch: VersionMismatchProps | undefined =
    last && recovery
      ? {
          recovery,
          clientVersions: CLIENT_SUPPORTED_VERSIONS,
          ...(busy || conversation.inFlight ? { disabledReason: 'A leg is in flight.' } : {}),
          onResend: (version) => {
            st.switchProtocolVersion(
              version,
              `Protocol version switched to ${version}: the server refused ${recovery.requested ?? 'the version sent'} on ${conversation.title} (-32022), which was resent as a branch.`,
            );
            void st.forkAndSend(last.id, 'resend');
          },
        }
      : undefined;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-mono text-sm font-semibold">{conversation.title}</h2>
        <Badge tone={statusTone(status)}>{status}</Badge>
        <span className="text-xs text-slate-500">{conversation.legIds.length} leg(s)</span>
      </div>
      {conversation.task && <TaskSection conversationId={id} />}
      {draft && hasRequests && (
        <section aria-label="Input requests" className="space-y-2">
          <h3 className="text-sm font-semibold">The server asks</h3>
          <InputRequestList
            inputRequests={draft.inputRequests}
            answers={draft.answers}
            serverName={askedBy}
            serverOrigin={originOf(conversation.serverUrl)}
            savedRoots={s.savedRoots}
            onAnswer={(key, response, send) =>
              st.answerRequest(id, key, response, { focusFrom: 'Input requests', ...(send ? { send } : {}) })
            }
          />
        </section>
      )}
      {draft && !hasRequests && last?.outcome.kind === 'input_required' && (
        <p className="rounded bg-sky-50 p-2 text-sm text-sky-900">
          The server is not done yet and asked for nothing: it returned only a requestState (&quot;come back
          later&quot;). Send the retry when you are ready, or run to completion (with the SDKs&apos; 50 ms → 250 ms
          backoff).
        </p>
      )}
      {!draft && runNote && (runNote.kind === 'transport' || runNote.kind === 'refused') && (
        <RunStoppedNote
          message={runNote.message}
          onResend={
            runNote.kind === 'transport' && runNote.legId
              ? () => void st.forkAndSend(runNote.legId ?? '', 'resend')
              : undefined
          }
        />
      )}
      <UrlStillWaiting
        key={`${id}:${extras.pendingUrls[0]?.legId ?? 'none'}`}
        flows={extras.pendingUrls}
        serverName={askedBy}
      />
      {draft && composed && (
        <Composer
          key={`${conversation.id}:${draft.afterLegId ?? 'first'}`}
          isRetry={isRetry}
          isResponse={Boolean(draft.respondTo)}
          {...sendLabelOf(conversation)}
          {...(draft.respondTo
            ? {
                noState: `A JSON-RPC response to ${draft.respondTo.method} #${draft.respondTo.id}: it carries no requestState (a 2025-11-25 server keeps its state in the session).`,
              }
            : {})}
          url={composed.url}
          {...destinationOf(conversation, leg.target, (url) =>
            st.dispatch({ type: 'draft/target', conversationId: id, url }),
          )}
          headers={composed.headers}
          body={composed.body}
          problems={composed.problems}
          requestState={draft.requestState}
          originalRequestState={draft.originalRequestState}
          unanswered={unansweredKeys(draft)}
          bodyEdited={draft.bodyOverride !== undefined}
          inFlight={Boolean(conversation.inFlight)}
          running={busy}
          roundCap={s.roundCap}
          {...(note ? { note } : {})}
          {...(s.runWaits[id] ? { wait: s.runWaits[id] } : {})}
          editedParts={editedParts}
          sent={sent}
          onRequestState={(value) => st.dispatch({ type: 'draft/request-state', conversationId: id, value })}
          onBody={(body) => st.dispatch({ type: 'draft/body', conversationId: id, body })}
          onSend={() => void st.sendDraft(id, { focusFrom: 'Next request' })}
          onRun={() => void st.runToCompletion(id, { focusFrom: 'Next request' })}
          onAbort={() => st.abort(id)}
          onRoundCap={st.setRoundCap}
          onReset={() => st.dispatch({ type: 'draft/reset', conversationId: id })}
          lab={
            <RequestStateLabScreen
              original={draft.originalRequestState ?? null}
              value={draft.requestState ?? null}
              onChange={(value) =>
                st.dispatch({ type: 'draft/request-state', conversationId: id, value: value ?? undefined })
              }
            />
          }
          editors={
            <DraftEditors
              method={conversation.method}
              inputRequests={draft.inputRequests}
              answers={draft.answers}
              params={draft.params}
              rpcId={draft.rpcId}
              usedIds={usedRpcIds(s.session, conversation)}
              headers={draft.extraHeaders}
              capabilities={draft.capabilities}
              changed={changed}
              onAnswers={(answers) => st.dispatch({ type: 'draft/answers', conversationId: id, answers, byHand: true })}
              onParams={(params) => st.dispatch({ type: 'draft/params', conversationId: id, params })}
              onRpcId={(rpcId) => st.dispatch({ type: 'draft/rpc-id', conversationId: id, rpcId })}
              onHeaders={(headers) => st.dispatch({ type: 'draft/headers', conversationId: id, headers })}
              onCapabilities={(capabilities) =>
                st.dispatch({ type: 'draft/capabilities', conversationId: id, capabilities })
              }
              onReset={(part) =>
                st.dispatch(
                  part
                    ? { type: 'draft/reset', conversationId: id, part }
                    : { type: 'draft/reset', conversationId: id },
                )
              }
            />
          }
          tools={
            isRetry ? (
              <TamperMatrix
                rows={tamperRows(s.session, conversation)}
                running={busy}
                {...(conversation.inFlight ? { disabledReason: 'A leg is in flight.' } : {})}
                onRun={() => void st.runTamperMatrix(id)}
                onOpenBranch={(branchId) => st.selectConversation(branchId)}
              />
            ) : undefined
          }
        />
      )}
      {!draft && sent}
      {!draft && note && (
        <p role="status" className="text-sm text-slate-700">
          {note}
        </p>
      )}
      <Panel label="Result">
        {!headerMismatch.props && headerMismatch.note && <HeaderMismatchNote note={headerMismatch.note} />}
        <ResultView
          outcome={resultOutcome(s.session, conversation)}
          method={conversation.method}
          {...(conversation.watched ? { watched: true } : {})}
          {...(logSays ? { serverLog: logSays } : {})}
          {...extras.resultProps}
          {...(versionMismatch ? { versionMismatch } : {})}
          {...(headerMismatch.props ? { headerMismatch: headerMismatch.props } : {})}
          {...(last?.pushed
            ? {
                pushed: {
                  answered: Boolean(last.answer),
                  onSession: Boolean(last.pushed.onSession),
                  ...(last.answer?.exchange.response ? { ack: last.answer.exchange.response.status } : {}),
                  ...(undelivered ? { undelivered } : {}),
                },
              }
            : {})}
        />
      </Panel>
      {conversation.legIds.length > 0 && !onSession && (
        <CompareErasPanel
          {...(s.eraCompares[id]?.comparison ? { comparison: s.eraCompares[id].comparison } : {})}
          {...(s.eraCompares[id]?.error ? { error: s.eraCompares[id].error } : {})}
          running={s.eraCompares[id]?.status === 'running'}
          disabled={busy || Boolean(conversation.inFlight)}
          onCompare={() => void st.compareEras(id)}
        />
      )}
      {(branches.length > 1 || points.length > 0) && (
        <BranchesPanel
          branches={branches}
          selectedId={id}
          forkPoints={points}
          busy={busy || Boolean(conversation.inFlight)}
          onOpen={(branchId) => st.selectConversation(branchId)}
          onDeclineInstead={(legId) => void st.resendFrom(legId, 'decline')}
          onReplay={(legId) => void st.resendFrom(legId, 'resend')}
        />
      )}
    </div>
  );
}
