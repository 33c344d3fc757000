import type { StateCreator } from 'zustand';
import { sendLeg } from '../client/send-leg.ts';
import { newId } from '../lib/ids.ts';
import { sleep } from '../lib/sleep.ts';
import type { RequestOptions } from '../protocol/envelope.ts';
import { invalidToolReason } from '../protocol/param-headers.ts';
import type { SseEventRecord } from '../protocol/exchange.ts';
import type { JsonObject } from '../protocol/types.ts';
import { composeRequest, type ConnectionContext } from '../session/compose.ts';
import type { SessionEvent } from '../session/events.ts';
import { emptySession, type SessionState, type TamperRow } from '../session/model.ts';
import { reduce } from '../session/reducer.ts';
import { classifyInputRequest, rootsAnswer } from '../protocol/elicitation/answers.ts';
import { isDraftReady, knownRequestStates, targetOf } from '../session/selectors.ts';
import { planTamperMatrix } from '../session/tamper-matrix.ts';
import type { InspectorDeps, InspectorState } from './inspector-store.ts';

export interface StartCallInput {
  method: 'tools/call' | 'prompts/get' | 'resources/read';
  title: string;
  params: JsonObject;
  inputSchema?: JsonObject;
  /** optional `_meta` members (progressToken, logLevel, traceparent) carried on every leg of the call */
  requestOptions?: RequestOptions;
}

export interface RunNote {
  kind: 'round-cap' | 'needs-input' | 'aborted' | 'finished' | 'tamper';
  message: string;
}

/** A timed wait the user should see counting down (backoff between state-only legs, waiting for a token's exp). */
export interface RunWait {
  /** ms epoch */
  until: number;
  reason: string;
}

/**
 * One-click forks of an earlier leg: resend it as it was, answer every elicitation with decline, or resend it with the
 * requestState the server gave instead of the one sent (after an edited state was rejected).
 */
export type ForkVariant = 'resend' | 'decline' | 'server-state';

export interface SessionSlice {
  session: SessionState;
  dispatch: (event: SessionEvent) => void;
  /** legs a single "Run to completion" may send before it stops (the SDKs default to 10) */
  roundCap: number;
  /** conversations currently running to completion */
  running: Record<string, true>;
  /** why the last run stopped, per conversation */
  runNotes: Record<string, RunNote>;
  /** the wait a run is in right now, per conversation (transient, not part of the session) */
  runWaits: Record<string, RunWait>;
  /** SSE events of the leg in flight per conversation, as they arrive; never saved, cleared when the leg is recorded */
  liveEvents: Record<string, SseEventRecord[]>;
  setRoundCap: (n: number) => void;
  /** create a conversation and send its first leg; returns its id */
  startCall: (input: StartCallInput) => Promise<string>;
  /** send the conversation's draft exactly as composed; `select: false` keeps the current selection */
  sendDraft: (conversationId: string, opts?: { select?: boolean }) => Promise<void>;
  runToCompletion: (conversationId: string) => Promise<void>;
  abort: (conversationId: string) => void;
  fork: (legId: string) => string;
  /** fork `legId` and send the branch at once: as it was ("replay an old state") or declining instead */
  forkAndSend: (legId: string, variant: ForkVariant) => Promise<string>;
  /** one fork per standard mutation of the paused leg's requestState, each sent; results live on the forks */
  runTamperMatrix: (conversationId: string) => Promise<void>;
  connectionContext: () => ConnectionContext;
}

export const createSessionSlice =
  (deps: InspectorDeps): StateCreator<InspectorState, [], [], SessionSlice> =>
  (set, get) => {
    const controllers = new Map<string, AbortController>();
    const dispatch = (event: SessionEvent) => set((s) => ({ session: reduce(s.session, event) }));

    const connectionContext = (): ConnectionContext => {
      const s = get();
      const ctx: ConnectionContext = {
        url: s.connectedUrl ?? s.serverUrl,
        protocolVersion: s.protocolVersion,
        clientInfo: s.clientInfo,
        headers: s.customHeaders,
      };
      if (s.bearerToken) ctx.authorization = `Bearer ${s.bearerToken}`;
      return ctx;
    };

    const sendDraft = async (conversationId: string, opts: { select?: boolean } = {}) => {
      const s = get();
      const conversation = s.session.conversations[conversationId];
      const draft = conversation?.draft;
      if (!conversation || !draft || conversation.inFlight) return;
      // a tool with an invalid x-mcp-header is never called (SEP-2243), whichever way the leg was reached
      if (conversation.method === 'tools/call' && invalidToolReason(conversation.inputSchema)) return;
      const composed = composeRequest(conversation, draft, connectionContext());
      const controller = new AbortController();
      controllers.set(conversationId, controller);
      dispatch({ type: 'leg/sent', conversationId, rpcId: draft.rpcId, at: deps.now() });
      const exchange = await sendLeg({
        url: composed.url,
        headers: composed.headers,
        body: composed.body,
        fetch: deps.fetchFor(get().transportMode),
        signal: controller.signal,
        timeoutMs: deps.timeoutMs,
        rpcId: composed.message?.id ?? draft.rpcId,
        viaRelay: get().transportMode === 'relay',
        now: deps.now,
        onEvent: (event) =>
          set((st) => ({
            liveEvents: { ...st.liveEvents, [conversationId]: [...(st.liveEvents[conversationId] ?? []), event] },
          })),
      });
      controllers.delete(conversationId);
      const legId = newId('leg');
      dispatch({ type: 'leg/recorded', conversationId, legId, rpcId: draft.rpcId, exchange, sent: composed.sent });
      set((st) => ({
        ...(opts.select === false ? {} : { selectedLegId: legId, selectedConversationId: conversationId }),
        runNotes: omit(st.runNotes, conversationId),
        liveEvents: omit(st.liveEvents, conversationId),
      }));
    };

    /** Sleep with a visible countdown; resolves early when `signal` aborts. */
    const wait = async (conversationId: string, ms: number, reason: string, signal: AbortSignal) => {
      set((s) => ({ runWaits: { ...s.runWaits, [conversationId]: { until: deps.now() + ms, reason } } }));
      await sleep(ms, signal);
      set((s) => ({ runWaits: omit(s.runWaits, conversationId) }));
    };

    /** Answer roots requests with the saved roots: the client knows them, no human is needed. */
    const answerRoots = (conversationId: string) => {
      const draft = get().session.conversations[conversationId]?.draft;
      if (!draft) return;
      for (const [key, request] of Object.entries(draft.inputRequests)) {
        if (key in draft.answers || classifyInputRequest(request) !== 'roots') continue;
        dispatch({ type: 'draft/answer', conversationId, key, response: rootsAnswer(get().savedRoots) });
      }
    };

    const begin = (conversationId: string): AbortController | null => {
      if (get().running[conversationId]) return null;
      set((s) => ({ running: { ...s.running, [conversationId]: true }, runNotes: omit(s.runNotes, conversationId) }));
      const stop = new AbortController();
      controllers.set(`run:${conversationId}`, stop);
      return stop;
    };

    const end = (conversationId: string, note: RunNote) => {
      controllers.delete(`run:${conversationId}`);
      set((s) => ({
        running: omit(s.running, conversationId),
        runWaits: omit(s.runWaits, conversationId),
        runNotes: { ...s.runNotes, [conversationId]: note },
      }));
    };

    const fork = (legId: string) => {
      const id = newId('conv');
      dispatch({ type: 'conversation/forked', fromLegId: legId, id, at: deps.now() });
      set({ selectedConversationId: id });
      return id;
    };

    return {
      session: emptySession,
      dispatch,
      roundCap: 10,
      running: {},
      runNotes: {},
      runWaits: {},
      liveEvents: {},
      setRoundCap: (roundCap) => set({ roundCap: Math.max(1, Math.floor(roundCap)) }),
      connectionContext,
      startCall: async (input) => {
        const refused = input.method === 'tools/call' ? invalidToolReason(input.inputSchema) : undefined;
        if (refused) throw new Error(refused);
        const id = newId('conv');
        const event: SessionEvent = {
          type: 'conversation/started',
          id,
          title: input.title,
          method: input.method,
          params: input.params,
          serverUrl: connectionContext().url,
          capabilities: get().capabilities,
          at: deps.now(),
        };
        if (input.inputSchema) event.inputSchema = input.inputSchema;
        if (input.requestOptions) event.requestOptions = input.requestOptions;
        dispatch(event);
        // the new call and its leg in flight are what the panels show now, not a leg of an earlier call
        set({ selectedConversationId: id, selectedLegId: null });
        await sendDraft(id);
        return id;
      },
      sendDraft,
      runToCompletion: async (conversationId) => {
        const stopSignal = begin(conversationId);
        if (!stopSignal) return;
        let sent = 0;
        let backoff = 50;
        let note: RunNote = { kind: 'finished', message: 'The call finished.' };
        try {
          for (;;) {
            answerRoots(conversationId);
            const conversation = get().session.conversations[conversationId];
            const draft = conversation?.draft;
            if (!conversation || !draft) break;
            if (stopSignal.signal.aborted) {
              note = { kind: 'aborted', message: 'Run to completion was aborted.' };
              break;
            }
            if (!isDraftReady(draft)) {
              note = { kind: 'needs-input', message: 'Paused: the server asked for input only you can give.' };
              break;
            }
            if (sent >= get().roundCap) {
              note = {
                kind: 'round-cap',
                message: `Stopped at the round cap: ${sent} legs sent and the server has not finished. Raise the cap or inspect the legs.`,
              };
              break;
            }
            const stateOnly = Object.keys(draft.inputRequests).length === 0 && conversation.legIds.length > 0;
            if (stateOnly && sent > 0) {
              await wait(conversationId, backoff, 'backoff before the next state-only retry', stopSignal.signal);
              backoff = Math.min(backoff * 2, 250);
              if (stopSignal.signal.aborted) continue;
            } else {
              backoff = 50;
            }
            await sendDraft(conversationId);
            sent += 1;
          }
        } finally {
          end(conversationId, note);
        }
      },
      runTamperMatrix: async (conversationId) => {
        const source = get().session.conversations[conversationId];
        const draft = source?.draft;
        if (!source || !draft) return;
        const stopSignal = begin(conversationId);
        if (!stopSignal) return;
        const runId = newId('tamper');
        const rows = planTamperMatrix(draft.originalRequestState, {
          now: deps.now(),
          target: targetOf(source),
          otherStates: knownRequestStates(get().session),
        });
        const run = { id: runId, startedAt: deps.now(), rows };
        dispatch({
          type: 'tamper/planned',
          conversationId,
          run: draft.afterLegId ? { ...run, legId: draft.afterLegId } : run,
        });
        const mark = (mutationId: string, patch: Partial<TamperRow>) =>
          dispatch({ type: 'tamper/row', conversationId, runId, mutationId, patch });
        try {
          for (const r of rows) {
            if (r.status === 'skipped') continue;
            if (stopSignal.signal.aborted) break;
            if (r.waitUntil !== undefined) {
              mark(r.mutationId, { status: 'waiting' });
              const ms = Math.max(0, r.waitUntil - deps.now());
              await wait(conversationId, ms, `waiting for the requestState to expire (${r.label})`, stopSignal.signal);
              if (stopSignal.signal.aborted) break;
            }
            const branchId = newId('conv');
            dispatch({
              type: 'draft/forked',
              conversationId,
              id: branchId,
              at: deps.now(),
              title: `${source.title} · tamper: ${r.label}`,
              requestState: r.requestState,
              tamper: { runId, mutationId: r.mutationId, label: r.label },
            });
            mark(r.mutationId, { status: 'sent', branchId });
            await sendDraft(branchId, { select: false });
          }
        } finally {
          const done = get().session.conversations[conversationId]?.tamperRun?.rows ?? [];
          const sentCount = done.filter((r) => r.status === 'sent').length;
          const skipped = done.filter((r) => r.status === 'skipped').length;
          const note: RunNote = {
            kind: stopSignal.signal.aborted ? 'aborted' : 'tamper',
            message: `${stopSignal.signal.aborted ? 'Tamper matrix aborted' : 'Tamper matrix finished'}: ${sentCount} forks sent, ${skipped} skipped. The paused leg is untouched.`,
          };
          dispatch({ type: 'tamper/finished', conversationId, runId });
          end(conversationId, note);
        }
      },
      forkAndSend: async (legId, variant) => {
        const id = fork(legId);
        const draft = get().session.conversations[id]?.draft;
        if (variant === 'decline' && draft) {
          let answers = { ...draft.answers };
          for (const [key, request] of Object.entries(draft.inputRequests)) {
            const kind = classifyInputRequest(request);
            if (kind === 'elicit-form' || kind === 'elicit-url') answers = { ...answers, [key]: { action: 'decline' } };
          }
          dispatch({ type: 'draft/answers', conversationId: id, answers });
        }
        if (variant === 'server-state') dispatch({ type: 'draft/reset', conversationId: id, part: 'requestState' });
        await sendDraft(id);
        return id;
      },
      abort: (conversationId) => {
        controllers.get(`run:${conversationId}`)?.abort();
        controllers.get(conversationId)?.abort();
      },
      fork,
    };
  };

function omit<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const copy = { ...record };
  delete copy[key];
  return copy;
}
