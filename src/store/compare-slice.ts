import type { StateCreator } from 'zustand';
import type { EraQuestion, EraRunOptions } from '../client/era-runs.ts';
import { isJsonObject, type JsonObject } from '../protocol/types.ts';
import type { EraComparison } from '../session/flows/compare-eras.ts';
import type { SessionState } from '../session/model.ts';
import type { InspectorDeps, InspectorState } from './inspector-store.ts';
import type { ConnectionSlice, TransportMode } from './connection-slice.ts';

/** One "Compare eras" run of a conversation's call (transient: never saved). */
interface EraCompareRun {
  status: 'running' | 'done' | 'failed';
  comparison?: EraComparison;
  error?: string;
}

export interface CompareSlice {
  eraCompares: Record<string, EraCompareRun>;
  /** run the conversation's call again in both eras, with the answers it was given, and line them up */
  compareEras: (conversationId: string) => Promise<void>;
}

/** What the compare slice is given of the others (store/flows/store-flows.ts): the session and the connection's settings. */
export interface CompareLinks {
  session: () => SessionState;
  /** the roots a roots/list is answered with */
  savedRoots: () => { uri: string; name?: string }[];
  clientInfo: () => ConnectionSlice['clientInfo'];
  transportMode: () => TransportMode;
}

/** The answers a conversation sent, in the order the questions were asked (every leg, every key). */
function answersInOrder(session: SessionState, conversationId: string): JsonObject[] {
  const conversation = session.conversations[conversationId];
  const out: JsonObject[] = [];
  for (const legId of conversation?.legIds ?? []) {
    const sent = session.legs[legId]?.sent.inputResponses;
    for (const answer of Object.values(sent ?? {})) if (isJsonObject(answer)) out.push(answer);
  }
  return out;
}

/**
 * What a comparison runs (a call in each era, the answer forms' defaults, the line-up) loads on the first "Compare eras":
 * the first screen never needs it.
 */
const loadEraCompare = () =>
  Promise.all([
    import('../client/era-runs.ts'),
    import('../protocol/elicitation/to-rjsf.ts'),
    import('../session/flows/compare-eras.ts'),
  ]);

type FormDefaults = Pick<typeof import('../protocol/elicitation/to-rjsf.ts'), 'toElicitContent' | 'toRjsf'>;

/** What the composer would pre-fill: accept with the form's defaults, the saved roots, an empty reply. */
function defaultAnswer(question: EraQuestion, roots: { uri: string; name?: string }[], form: FormDefaults): JsonObject {
  const params = question.params ?? {};
  if (question.method === 'roots/list') return { roots: roots.map((r) => ({ ...r })) };
  if (question.method === 'sampling/createMessage')
    return { role: 'assistant', content: { type: 'text', text: '' }, model: 'inspector' };
  if (params.mode === 'url') return { action: 'accept' };
  const schema = isJsonObject(params.requestedSchema) ? params.requestedSchema : {};
  return { action: 'accept', content: form.toElicitContent(form.toRjsf(schema).formData, schema) };
}

export const createCompareSlice =
  (deps: InspectorDeps, links: CompareLinks): StateCreator<InspectorState, [], [], CompareSlice> =>
  (set, get) => ({
    eraCompares: {},
    compareEras: async (conversationId) => {
      const session = links.session();
      const conversation = session.conversations[conversationId];
      if (!conversation || get().eraCompares[conversationId]?.status === 'running') return;
      const put = (run: EraCompareRun) => set((st) => ({ eraCompares: { ...st.eraCompares, [conversationId]: run } }));
      put({ status: 'running' });
      const given = answersInOrder(session, conversationId);
      const roots = links.savedRoots();
      const clientInfo = links.clientInfo();
      const method = conversation.method as EraRunOptions['method'];
      const name =
        typeof conversation.params.name === 'string' ? conversation.params.name : String(conversation.params.uri ?? '');
      try {
        const [{ runLegacyCall, runModernCall }, form, { compareEras }] = await loadEraCompare();
        const answerer = () => {
          let asked = 0;
          return (q: EraQuestion) => given[asked++] ?? defaultAnswer(q, roots, form);
        };
        const opts = (): EraRunOptions => ({
          url: conversation.serverUrl,
          fetch: deps.fetchFor(links.transportMode()),
          method,
          params: conversation.params,
          answer: answerer(),
          now: deps.now,
          ...(clientInfo ? { clientInfo } : {}),
        });
        const comparison = await compareEras({
          runModern: () => runModernCall(opts()),
          runLegacy: () => runLegacyCall(opts()),
          name,
          method,
        });
        put({ status: 'done', comparison });
      } catch (err) {
        put({ status: 'failed', error: err instanceof Error ? err.message : String(err) });
      }
    },
  });
