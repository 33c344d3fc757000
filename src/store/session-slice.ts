import type { StateCreator } from 'zustand';
import { newId } from '../lib/ids.ts';
import { sleep } from '../lib/sleep.ts';
import type { RequestOptions } from '../protocol/envelope.ts';
import { invalidToolReason } from '../protocol/param-headers.ts';
import type { LiveSseEvent } from '../protocol/exchange.ts';
import type { ClientCapabilities, InputResponse, JsonObject } from '../protocol/types.ts';
import { composeRequest, type ComposedRequest, type ConnectionContext } from '../session/compose.ts';
import { kindOf } from '../session/kinds/registry.ts';
import { conversationStarted, type SessionEvent } from '../session/events.ts';
import { focusAfterLeg, focusAfterRun, focusIntent, type FocusTarget } from '../session/focus.ts';
import { emptySession, type Conversation, type Draft, type SessionState } from '../session/model.ts';
import { reduce } from '../session/reducer.ts';
import { classifyInputRequest } from '../protocol/elicitation/answers.ts';
import type { FlowDeps, RunNote, RunWait } from '../session/flows/flow-deps.ts';
import type { HoldMode } from '../session/hold-rule.ts';
import { FINISHED_NOTE, runToCompletion } from '../session/flows/run-to-completion.ts';
import { lastLeg } from '../session/selectors.ts';
import { answerAndSend } from '../session/flows/answer-and-send.ts';
import { createLegacyWire } from './legacy-session-wire.ts';
import type { OpenLegacyCalls } from '../session/flows/send-legacy-draft.ts';
import type { LegContext } from './leg-context.ts';
import { legSenderFor } from './leg-senders.ts';
import { createLiveEventBuffer } from './live-event-buffer.ts';
import type { InspectorDeps, InspectorState } from './inspector-store.ts';
import type { TransportMode } from './connection-slice.ts';

export interface StartCallInput {
  method: 'tools/call' | 'prompts/get' | 'resources/read';
  title: string;
  params: JsonObject;
  inputSchema?: JsonObject;
  /** optional `_meta` members (progressToken, logLevel, traceparent) carried on every leg of the call */
  requestOptions?: RequestOptions;
}

/** Ask for a focus intent when the step ends: `focusFrom` names the region the user acted in. */
interface FocusOption {
  focusFrom?: string;
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
  liveEvents: Record<string, LiveSseEvent[]>;
  setRoundCap: (n: number) => void;
  /**
   * create a conversation and send its first leg; returns its id. With `focusFrom` (the region the user acted in),
   * focus then goes to the first request or the Result (a focus intent)
   */
  startCall: (input: StartCallInput, opts?: FocusOption) => Promise<string>;
  /**
   * send the conversation's draft exactly as composed; `select: false` keeps the current selection; with `focusFrom`,
   * focus then goes where the call continues (a focus intent)
   */
  sendDraft: (conversationId: string, opts?: { select?: boolean } & FocusOption) => Promise<void>;
  /** with `focusFrom`, focus goes where the run stopped (Result, a request, or the Run button) */
  runToCompletion: (conversationId: string, opts?: FocusOption) => Promise<void>;
  /** record an answer; may send the completed round at once (flows/answer-and-send.ts); true when it went out */
  answerRequest: (
    conversationId: string,
    key: string,
    response: InputResponse | undefined,
    opts?: { send?: boolean } & FocusOption,
  ) => Promise<boolean>;
  abort: (conversationId: string) => void;
  fork: (legId: string) => string;
  /**
   * fork `legId` and send the branch at once: as it was ("replay an old state") or declining instead; to `target`
   * when given (a tapped call's fresh instance), else to the conversation's server
   */
  forkAndSend: (legId: string, variant: ForkVariant, target?: string) => Promise<string>;
  /** one fork per standard mutation of the paused leg's requestState, each sent; results live on the forks */
  runTamperMatrix: (conversationId: string) => Promise<void>;
  connectionContext: () => ConnectionContext;
}

/**
 * What the session slice is given of the others (store/flows/store-flows.ts wires them): the connection's settings it
 * sends with, and what follows a conversation that became a kind the app follows by itself.
 */
export interface SessionLinks {
  /** the settings of the connection in force (server, headers, token) */
  connection: () => ConnectionContext;
  /** the conversation's own server, settings and transport (store/leg-context.ts) */
  legContext: (conversation: Conversation) => LegContext;
  /** the capabilities new conversations declare */
  capabilities: () => ClientCapabilities;
  /** whether an answer waits for Send or goes out at once */
  holdMode: () => HoldMode;
  /** the roots the client offers (a run answers roots/list with them) */
  savedRoots: () => { uri: string; name?: string }[];
  /** follow the conversation by itself (a task: poll it) */
  follow: (conversationId: string) => void;
}

/**
 * The tamper matrix (its mutations and the requestState decoders) loads on its first run: the first screen, and most
 * calls, never use it.
 */
const loadTamperMatrix = () => import('../session/flows/run-tamper-matrix.ts');

export const createSessionSlice =
  (
    deps: InspectorDeps,
    openCalls: OpenLegacyCalls,
    links: SessionLinks,
  ): StateCreator<InspectorState, [], [], SessionSlice> =>
  (set, get) => {
    const controllers = new Map<string, AbortController>();
    const dispatch = (event: SessionEvent) => set((s) => ({ session: reduce(s.session, event) }));
    const live = createLiveEventBuffer((change) => set((st) => ({ liveEvents: change(st.liveEvents) })));

    const connectionContext = links.connection;

    // the second wire: legs over a session made with a handshake, and the requests its server sends outside any call
    const overSession = createLegacyWire({
      eras: deps.eras,
      calls: openCalls,
      dispatch,
      now: deps.now,
      newId,
      capabilities: links.capabilities,
      // show it unless the user is in the middle of answering another conversation's questions
      shown: (ids) => {
        const picked = get().selectedConversationId;
        const current = picked ? get().session.conversations[picked] : undefined;
        if (!current?.draft || current.inFlight) {
          set({ selectedConversationId: ids.conversationId, selectedLegId: ids.legId });
        }
      },
    });

    /** One HTTP POST: the leg as composed, its SSE events shown live, recorded as a leg of the conversation. */
    const postLeg = async (conversationId: string, draft: Draft, composed: ComposedRequest, mode: TransportMode) => {
      const signal = controllers.get(conversationId)?.signal;
      const exchange = await legSenderFor(deps, mode).send({
        url: composed.url,
        headers: composed.headers,
        body: composed.body,
        rpcId: composed.message?.id ?? draft.rpcId,
        ...(signal ? { signal } : {}),
        onEvent: (event) => live.push(conversationId, event),
      });
      const legId = newId('leg');
      dispatch({ type: 'leg/recorded', conversationId, legId, rpcId: draft.rpcId, exchange, sent: composed.sent });
      return legId;
    };

    /** Emit a focus intent for the conversation as it is now. */
    const focusNext = (conversationId: string, from: string | undefined, pick: (c: Conversation) => FocusTarget) => {
      const c = get().session.conversations[conversationId];
      if (!c || from === undefined) return;
      set((s) => ({ focusIntent: focusIntent(c, pick(c), from, (s.focusIntent?.nonce ?? 0) + 1) }));
    };

    const sendDraft = async (conversationId: string, opts: { select?: boolean } & FocusOption = {}) => {
      const before = get().session.conversations[conversationId];
      // the wire's code loads before anything is dispatched: the in-flight check and the leg's start stay one
      // synchronous step
      const target = before ? links.legContext(before).target.url : '';
      const overWire = before && kindOf(before).wire === 'session' ? await overSession.senderFor(target) : undefined;
      const s = get();
      const conversation = s.session.conversations[conversationId];
      const draft = conversation?.draft;
      if (!conversation || !draft || conversation.inFlight) return;
      // a tool with an invalid x-mcp-header is never called (SEP-2243), whichever way the leg was reached
      if (conversation.method === 'tools/call' && invalidToolReason(conversation.inputSchema)) return;
      // the conversation's own server (or the target chosen by hand), as the composer showed it
      const { ctx, transportMode } = links.legContext(conversation);
      const composed = composeRequest(conversation, draft, ctx);
      controllers.set(conversationId, new AbortController());
      const request = { url: composed.url, body: composed.body };
      dispatch({ type: 'leg/sent', conversationId, rpcId: draft.rpcId, at: deps.now(), request });
      const legId = overWire
        ? await overWire(conversation, draft, composed)
        : await postLeg(conversationId, draft, composed, transportMode);
      controllers.delete(conversationId);
      live.drop(conversationId);
      set((st) => ({
        ...(opts.select === false ? {} : { selectedLegId: legId, selectedConversationId: conversationId }),
        runNotes: omit(st.runNotes, conversationId),
        liveEvents: omit(st.liveEvents, conversationId),
      }));
      // a conversation that became a kind the app follows by itself: follow it
      const now = get().session.conversations[conversationId];
      if (now && now.kind !== conversation.kind && kindOf(now).followsOnStart) links.follow(conversationId);
      focusNext(conversationId, opts.focusFrom, focusAfterLeg);
    };

    const flowDeps = (conversationId: string, signal: AbortSignal): FlowDeps => ({
      dispatch,
      now: deps.now,
      sleep,
      signal,
      showWait: (w) =>
        set((s) => ({ runWaits: w ? { ...s.runWaits, [conversationId]: w } : omit(s.runWaits, conversationId) })),
    });

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

    /** Run a flow between begin and end; `fallback` is the note when the flow throws. */
    const track = async (conversationId: string, fallback: RunNote | (() => RunNote), flow: () => Promise<RunNote>) => {
      let note: RunNote | undefined;
      try {
        note = await flow();
      } finally {
        end(conversationId, note ?? (typeof fallback === 'function' ? fallback() : fallback));
      }
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
      startCall: async (input, opts = {}) => {
        const refused = input.method === 'tools/call' ? invalidToolReason(input.inputSchema) : undefined;
        if (refused) throw new Error(refused);
        const id = newId('conv');
        const serverUrl = connectionContext().url;
        dispatch(
          conversationStarted(id, input, {
            serverUrl,
            capabilities: links.capabilities(),
            at: deps.now(),
            kind: overSession.newCallKind(serverUrl),
          }),
        );
        // the new call and its leg in flight are what the panels show now, not a leg of an earlier call
        set({ selectedConversationId: id, selectedLegId: null });
        await sendDraft(id, opts);
        return id;
      },
      sendDraft,
      runToCompletion: async (conversationId, opts = {}) => {
        const stop = begin(conversationId);
        if (!stop) return;
        try {
          await track(conversationId, FINISHED_NOTE, () =>
            runToCompletion(conversationId, {
              ...flowDeps(conversationId, stop.signal),
              conversation: () => get().session.conversations[conversationId],
              lastLeg: () => {
                const c = get().session.conversations[conversationId];
                return c ? lastLeg(get().session, c) : undefined;
              },
              legOf: (legId) => get().session.legs[legId],
              roundCap: () => get().roundCap,
              savedRoots: links.savedRoots,
              send: () => sendDraft(conversationId),
            }),
          );
        } finally {
          focusNext(conversationId, opts.focusFrom, focusAfterRun);
        }
      },
      runTamperMatrix: async (conversationId) => {
        const source = get().session.conversations[conversationId];
        if (!source?.draft) return;
        const stop = begin(conversationId);
        if (!stop) return;
        let flow: Awaited<ReturnType<typeof loadTamperMatrix>> | undefined;
        const note = (): RunNote =>
          flow
            ? flow.tamperNote(get().session, conversationId, stop.signal.aborted)
            : {
                kind: 'not-sent',
                message: 'The tamper matrix could not be loaded: nothing was sent. Reload the page.',
              };
        await track(conversationId, note, async () => {
          flow = await loadTamperMatrix();
          return (
            (await flow.runTamperMatrix(conversationId, {
              ...flowDeps(conversationId, stop.signal),
              session: () => get().session,
              newId,
              send: (branchId) => sendDraft(branchId, { select: false }),
            })) ?? note()
          );
        });
      },
      answerRequest: (conversationId, key, response, opts = {}) =>
        answerAndSend(conversationId, key, response, Boolean(opts.send), {
          dispatch,
          conversation: () => get().session.conversations[conversationId],
          holdMode: links.holdMode,
          send: () => sendDraft(conversationId, opts.focusFrom !== undefined ? { focusFrom: opts.focusFrom } : {}),
          note: (note) => set((s) => ({ runNotes: { ...s.runNotes, [conversationId]: note } })),
        }),
      forkAndSend: async (legId, variant, target) => {
        const id = fork(legId);
        if (target !== undefined) dispatch({ type: 'draft/target', conversationId: id, url: target });
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
        overSession.abort(conversationId);
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
