/**
 * What the composer shows is what is sent, for every kind of conversation the app sends: random drafts (answers,
 * requestState, per-leg headers, a body edited by hand, a target chosen by hand, the app connected elsewhere) are
 * composed as the composer composes them (useLegContext: `legContextWith(settingsFor(...))`, then `composedDraft`)
 * and sent with Send; the request that reaches the server's fetch has the same URL, headers and body.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../client/send-leg.ts';
import type { EraConnections } from '../client/legacy/era-connections.ts';
import { conversationStarted } from '../session/events.ts';
import type { KindId } from '../session/model.ts';
import { composedDraft } from '../session/selectors.ts';
import { createInspectorStore, type InspectorStore } from './inspector-store.ts';
import { legContextWith, legUrlOf, settingsFor } from './leg-context.ts';
import { connectedLegacyStore, json, sseAnswer } from './legacy-store.fixtures.ts';

const URL = 'http://server.test/mcp';

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const lower = (headers: [string, string][]) =>
  Object.fromEntries(headers.filter(([, v]) => v !== '').map(([k, v]) => [k.toLowerCase(), v]));

/** The request the composer shows for the selected conversation's draft, as the screen makes it. */
function preview(store: InspectorStore, eras: EraConnections | undefined, id: string): Sent {
  const s = store.getState();
  const c = s.session.conversations[id]!;
  const target = c.draft?.target;
  const { ctx } = legContextWith(settingsFor(s, legUrlOf(c)), s.connectedUrl, eras, {
    serverUrl: c.serverUrl,
    draft: target === undefined ? {} : { target },
  });
  const composed = composedDraft(c, ctx)!;
  return { url: composed.url, headers: lower(composed.headers), body: composed.body };
}

/** A fetch that records each POST and answers with `reply`. */
function recording(reply: (body: string, url: string) => Response | Promise<Response>) {
  const posts: Sent[] = [];
  const fetch: FetchLike = async (url, init) => {
    const body = String(init.body ?? '');
    const headers = Array.isArray(init.headers)
      ? (init.headers as [string, string][])
      : Object.entries((init.headers ?? {}) as Record<string, string>);
    if ((init.method ?? 'POST') === 'POST') posts.push({ url, headers: lower(headers), body });
    return reply(body, url);
  };
  return { posts, fetch };
}

const token = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,12}$/);
const value = fc.stringMatching(/^[ -~]{0,20}$/).map((v) => v.trim());

/** Random edits a user can make in the composer. */
const edits = fc.record({
  answer: fc.oneof(
    fc.constant(undefined),
    fc.constant({ action: 'decline' as const }),
    value.map((v) => ({ action: 'accept' as const, content: { v } })),
  ),
  requestState: fc.oneof(fc.constant('keep' as const), fc.constant(undefined), fc.string({ maxLength: 24 })),
  header: fc.option(
    fc.tuple(
      token.map((t) => `X-${t}`),
      value,
    ),
    { nil: undefined },
  ),
  body: fc.option(
    fc.oneof(
      fc.constant('not json {'),
      fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify({ jsonrpc: '2.0', id: 'mine', method: 'x', params: v })),
    ),
    { nil: undefined },
  ),
  target: fc.boolean(),
  connectedElsewhere: fc.boolean(),
});
type Edits = typeof edits extends fc.Arbitrary<infer T> ? T : never;

function applyEdits(store: InspectorStore, id: string, e: Edits, opts: { key?: string; retargets: boolean }) {
  const { dispatch } = store.getState();
  const key = opts.key;
  if (key && e.answer) dispatch({ type: 'draft/answer', conversationId: id, key, response: e.answer });
  if (e.requestState !== 'keep') dispatch({ type: 'draft/request-state', conversationId: id, value: e.requestState });
  if (e.header) dispatch({ type: 'draft/headers', conversationId: id, headers: { [e.header[0]]: e.header[1] } });
  if (e.body !== undefined) dispatch({ type: 'draft/body', conversationId: id, body: e.body });
  if (opts.retargets && e.target) dispatch({ type: 'draft/target', conversationId: id, url: 'http://other.test/mcp' });
  if (e.connectedElsewhere) store.setState({ connectedUrl: 'http://elsewhere.test/mcp' });
}

async function expectSentAsShown(store: InspectorStore, eras: EraConnections | undefined, id: string, posts: Sent[]) {
  const shown = preview(store, eras, id);
  const before = posts.length;
  await store.getState().sendDraft(id);
  const sent = posts[before];
  expect(sent).toBeDefined();
  expect(sent).toEqual(shown);
}

const ASKS = {
  resultType: 'input_required',
  inputRequests: { name: { method: 'elicitation/create', params: { message: 'Name?', requestedSchema: {} } } },
  requestState: 'S1',
};

function modernStore(fetch: FetchLike) {
  return createInspectorStore({ fetchFor: () => fetch, now: () => 0 }, { connectedUrl: URL, savedRoots: [] });
}

describe('what the composer shows is what is sent', () => {
  it('for a 2026-07-28 call retry', async () => {
    await fc.assert(
      fc.asyncProperty(edits, async (e) => {
        const { posts, fetch } = recording((body) => {
          const m = JSON.parse(body) as { id: number };
          return json({ jsonrpc: '2.0', id: m.id, result: ASKS });
        });
        const store = modernStore(fetch);
        const id = await store.getState().startCall({ method: 'tools/call', title: 'ask', params: { name: 'ask' } });
        applyEdits(store, id, e, { key: 'name', retargets: true });
        await expectSentAsShown(store, undefined, id, posts);
      }),
      { numRuns: 40 },
    );
  });

  it("for a task's tasks/update", async () => {
    const task = {
      resultType: 'task',
      taskId: 't-1',
      status: 'input_required',
      createdAt: '2026-01-01T00:00:00Z',
      lastUpdatedAt: '2026-01-01T00:00:00Z',
      ttlMs: 60_000,
      inputRequests: ASKS.inputRequests,
    };
    await fc.assert(
      fc.asyncProperty(edits, async (e) => {
        const { posts, fetch } = recording((body) => {
          const m = JSON.parse(body) as { id: number };
          return json({ jsonrpc: '2.0', id: m.id, result: task });
        });
        const store = modernStore(fetch);
        const id = await store.getState().startCall({ method: 'tools/call', title: 'job', params: { name: 'job' } });
        expect(store.getState().session.conversations[id]?.kind).toBe<KindId>('task');
        applyEdits(store, id, e, { key: 'name', retargets: true });
        await expectSentAsShown(store, undefined, id, posts);
      }),
      { numRuns: 30 },
    );
  });

  it("for a 2025-11-25 call's first leg and its response to a pushed request", async () => {
    await fc.assert(
      fc.asyncProperty(edits, edits, async (first, answer) => {
        let answered!: () => void;
        const answer$ = new Promise<void>((resolve) => (answered = resolve));
        const { posts, fetch } = recording((body) => {
          let m: { id?: number | string; method?: string } = {};
          try {
            m = (body ? JSON.parse(body) : {}) as typeof m;
          } catch {
            // a body edited into something that is no JSON: the server refuses it, and the call ends
            answered();
            return new Response('not JSON', { status: 400 });
          }
          if (m.method === 'initialize')
            return json(
              { jsonrpc: '2.0', id: m.id, result: { protocolVersion: '2025-11-25', capabilities: {} } },
              { 'mcp-session-id': 's-1' },
            );
          if (m.method !== 'tools/call' || m.id === undefined) {
            // the answer (or whatever the user edited it into) arrived: the call can end
            answered();
            return new Response(null, { status: 202 });
          }
          // the call's stream pushes one question, then ends with the call's result once it is answered
          return sseAnswer(async (send) => {
            send({ jsonrpc: '2.0', id: 'q1', method: 'elicitation/create', params: { message: 'Name?' } });
            await answer$;
            send({ jsonrpc: '2.0', id: m.id, result: { content: [] } });
          });
        });
        const { store, eras } = await connectedLegacyStore(URL, fetch, { capabilities: { elicitation: {} } });
        const { dispatch } = store.getState();
        const id = 'c-1';
        dispatch(
          conversationStarted(
            id,
            { title: 'ask', method: 'tools/call', params: { name: 'ask' } },
            { serverUrl: URL, capabilities: {}, at: 0, kind: 'legacy-call' },
          ),
        );
        // a 2025-11-25 call has no requestState and belongs to its session: no target, no state edits
        applyEdits(store, id, { ...first, requestState: 'keep', body: undefined }, { retargets: false });
        await expectSentAsShown(store, eras, id, posts);
        const draft = store.getState().session.conversations[id]?.draft;
        expect(draft?.respondTo?.key).toBe('elicitation/create #q1');
        applyEdits(store, id, { ...answer, requestState: 'keep' }, { key: draft!.respondTo!.key, retargets: false });
        await expectSentAsShown(store, eras, id, posts);
      }),
      { numRuns: 15 },
    );
  });
});
