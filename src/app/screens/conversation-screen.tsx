import { lazy, Suspense, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useInspector, useInspectorStore } from '../../store/store-context.tsx';
import { useQueryEnv } from '../../queries/query-env.ts';
import { discoverQuery } from '../../queries/server-queries.ts';
import { Composer } from '../../features/composer/composer.tsx';
import { ResultView } from '../../features/result/result-view.tsx';
import { InputRequestList } from '../../features/input-requests/input-request-list.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { composeRequest } from '../../session/compose.ts';
import { conversationStatus, knownRequestStates, lastLeg, unansweredKeys } from '../../session/selectors.ts';

const RequestStateLab = lazy(() =>
  import('../../features/request-state-lab/request-state-lab.tsx').then((m) => ({ default: m.RequestStateLab })),
);

/** The selected conversation: what the server asks, the next leg in the composer, and the result. */
export function ConversationScreen() {
  const store = useInspectorStore();
  const s = useInspector((st) => ({
    id: st.selectedConversationId,
    session: st.session,
    running: st.running,
    runNotes: st.runNotes,
    roundCap: st.roundCap,
    savedRoots: st.savedRoots,
    // connection fields that change the composed request
    url: st.connectedUrl,
    version: st.protocolVersion,
    token: st.bearerToken,
    headers: st.customHeaders,
  }));
  const env = useQueryEnv();
  const discover = useQuery({ ...discoverQuery(env ?? ({} as never)), enabled: env !== null });
  const conversation = s.id ? s.session.conversations[s.id] : undefined;
  const draft = conversation?.draft;
  const composed = useMemo(
    () => (conversation && draft ? composeRequest(conversation, draft, store.getState().connectionContext()) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [conversation, draft, store, s.url, s.version, s.token, s.headers],
  );
  const otherStates = useMemo(() => knownRequestStates(s.session), [s.session]);
  if (!conversation) {
    return (
      <Panel label="Result">
        <p className="text-sm text-slate-500">Call a tool to start. Each call becomes a conversation of legs.</p>
      </Panel>
    );
  }
  const st = store.getState();
  const id = conversation.id;
  const last = lastLeg(s.session, conversation);
  const status = conversationStatus(s.session, conversation);
  const hasRequests = draft && Object.keys(draft.inputRequests).length > 0;
  const note = s.runNotes[id]?.message;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-mono text-sm font-semibold">{conversation.title}</h2>
        <Badge
          tone={
            status === 'complete'
              ? 'good'
              : status === 'awaiting-input' || status === 'ready'
                ? 'info'
                : status === 'in-flight'
                  ? 'warn'
                  : 'bad'
          }
        >
          {status}
        </Badge>
        <span className="text-xs text-slate-500">{conversation.legIds.length} leg(s)</span>
      </div>
      {draft && hasRequests && (
        <section aria-label="Input requests" className="space-y-2">
          <h3 className="text-sm font-semibold">The server asks</h3>
          <InputRequestList
            inputRequests={draft.inputRequests}
            answers={draft.answers}
            serverName={discover.data?.serverName ?? conversation.serverUrl}
            savedRoots={s.savedRoots}
            onAnswer={(key, response) => st.dispatch({ type: 'draft/answer', conversationId: id, key, response })}
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
      {draft && composed && (
        <Composer
          isRetry={draft.afterLegId !== undefined || conversation.legIds.length > 0}
          url={composed.url}
          headers={composed.headers}
          body={composed.body}
          problems={composed.problems}
          requestState={draft.requestState}
          originalRequestState={draft.originalRequestState}
          unanswered={unansweredKeys(draft)}
          bodyEdited={draft.bodyOverride !== undefined}
          inFlight={Boolean(conversation.inFlight)}
          running={Boolean(s.running[id])}
          roundCap={s.roundCap}
          {...(note ? { note } : {})}
          onRequestState={(value) => st.dispatch({ type: 'draft/request-state', conversationId: id, value })}
          onBody={(body) => st.dispatch({ type: 'draft/body', conversationId: id, body })}
          onSend={() => void st.sendDraft(id)}
          onRun={() => void st.runToCompletion(id)}
          onAbort={() => st.abort(id)}
          onRoundCap={st.setRoundCap}
          onReset={() => st.dispatch({ type: 'draft/reset', conversationId: id })}
          lab={
            <details>
              <summary className="cursor-pointer text-xs font-semibold text-slate-700">requestState lab</summary>
              <Suspense fallback={<p className="text-xs">Loading lab…</p>}>
                <RequestStateLab
                  original={draft.originalRequestState ?? null}
                  value={draft.requestState ?? null}
                  otherStates={otherStates.map((o) => ({ label: o.label, value: o.value }))}
                  onChange={(value) =>
                    st.dispatch({ type: 'draft/request-state', conversationId: id, value: value ?? undefined })
                  }
                />
              </Suspense>
            </details>
          }
        />
      )}
      {!draft && note && (
        <p role="status" className="text-sm text-slate-700">
          {note}
        </p>
      )}
      <Panel label="Result">
        <ResultView outcome={last?.outcome} method={conversation.method} />
      </Panel>
    </div>
  );
}
