import type { StateCreator } from 'zustand';
import { sendLeg } from '../client/send-leg.ts';
import { newId, sleep } from '../lib/ids.ts';
import type { JsonObject } from '../protocol/types.ts';
import { composeRequest, type ConnectionContext } from '../session/compose.ts';
import type { SessionEvent } from '../session/events.ts';
import { emptySession, type SessionState } from '../session/model.ts';
import { reduce } from '../session/reducer.ts';
import { isDraftReady } from '../session/selectors.ts';
import type { InspectorDeps, InspectorState } from './inspector-store.ts';

export interface StartCallInput {
  method: 'tools/call' | 'prompts/get' | 'resources/read';
  title: string;
  params: JsonObject;
  inputSchema?: JsonObject;
}

export interface RunNote {
  kind: 'round-cap' | 'needs-input' | 'aborted' | 'finished';
  message: string;
}

export interface SessionSlice {
  session: SessionState;
  dispatch: (event: SessionEvent) => void;
  /** legs a single "Run to completion" may send before it stops (the SDKs default to 10) */
  roundCap: number;
  /** conversations currently running to completion */
  running: Record<string, true>;
  /** why the last run stopped, per conversation */
  runNotes: Record<string, RunNote>;
  setRoundCap: (n: number) => void;
  /** create a conversation and send its first leg; returns its id */
  startCall: (input: StartCallInput) => Promise<string>;
  /** send the conversation's draft exactly as composed */
  sendDraft: (conversationId: string) => Promise<void>;
  runToCompletion: (conversationId: string) => Promise<void>;
  abort: (conversationId: string) => void;
  fork: (legId: string) => string;
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

    const sendDraft = async (conversationId: string) => {
      const s = get();
      const conversation = s.session.conversations[conversationId];
      const draft = conversation?.draft;
      if (!conversation || !draft || conversation.inFlight) return;
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
      });
      controllers.delete(conversationId);
      const legId = newId('leg');
      dispatch({ type: 'leg/recorded', conversationId, legId, rpcId: draft.rpcId, exchange, sent: composed.sent });
      set((st) => ({
        selectedLegId: legId,
        selectedConversationId: conversationId,
        runNotes: omit(st.runNotes, conversationId),
      }));
    };

    return {
      session: emptySession,
      dispatch,
      roundCap: 10,
      running: {},
      runNotes: {},
      setRoundCap: (roundCap) => set({ roundCap: Math.max(1, Math.floor(roundCap)) }),
      connectionContext,
      startCall: async (input) => {
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
        dispatch(event);
        set({ selectedConversationId: id });
        await sendDraft(id);
        return id;
      },
      sendDraft,
      runToCompletion: async (conversationId) => {
        if (get().running[conversationId]) return;
        set((s) => ({ running: { ...s.running, [conversationId]: true }, runNotes: omit(s.runNotes, conversationId) }));
        const stopSignal = new AbortController();
        controllers.set(`run:${conversationId}`, stopSignal);
        let sent = 0;
        let backoff = 50;
        let note: RunNote = { kind: 'finished', message: 'The call finished.' };
        try {
          for (;;) {
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
                message: `Stopped at the round cap after ${sent} legs: the server has not finished. Raise the cap or inspect the legs.`,
              };
              break;
            }
            const stateOnly = Object.keys(draft.inputRequests).length === 0 && conversation.legIds.length > 0;
            if (stateOnly && sent > 0) {
              await sleep(backoff, stopSignal.signal);
              backoff = Math.min(backoff * 2, 250);
              if (stopSignal.signal.aborted) continue;
            } else {
              backoff = 50;
            }
            await sendDraft(conversationId);
            sent += 1;
          }
        } finally {
          controllers.delete(`run:${conversationId}`);
          set((s) => ({
            running: omit(s.running, conversationId),
            runNotes: { ...s.runNotes, [conversationId]: note },
          }));
        }
      },
      abort: (conversationId) => {
        controllers.get(`run:${conversationId}`)?.abort();
        controllers.get(conversationId)?.abort();
      },
      fork: (legId) => {
        const id = newId('conv');
        dispatch({ type: 'conversation/forked', fromLegId: legId, id, at: deps.now() });
        set({ selectedConversationId: id });
        return id;
      },
    };
  };

function omit<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const copy = { ...record };
  delete copy[key];
  return copy;
}
