/**
 * Fork and "Audit this call" on a tapped call (its server is a stdio process the page cannot reach): the page asks
 * the running tap for a fresh instance, connects to it through the relay, and the fork's leg or the audit goes there.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProxyControl, ProxyInfo } from '../../protocol/proxy-wire.ts';
import { toHar } from '../../session/io/har.ts';
import { parseRecordingFile } from '../../session/io/recordings.ts';
import { parseSessionFile, serializeSessionFile, toSessionFile } from '../../session/io/session-file.ts';
import { watchedServerOf } from '../../session/kinds/watched/tapped-server.ts';
import { createInspectorStore, type InspectorStore } from '../inspector-store.ts';
import { loadWatchedModel } from '../watch-slice.ts';
import { auditTarget, recordWatchedJson } from '../watched-store.fixtures.ts';

const COMMAND = 'stdio: python server.py';
const FRESH = 'http://127.0.0.1:6280/__tap/t1/1/mcp';
const TAP: ProxyInfo = {
  id: 't1',
  url: 'stdio',
  target: COMMAND,
  holdRequests: false,
  holdResponses: false,
  counts: { requests: 1, responses: 1, refused: 0 },
  tap: { command: ['python', 'server.py'], host: 'host 1.0' },
};

beforeAll(() => loadWatchedModel());

/** The tapped host's first round of `approve`: the server asked. Returns its leg's id. */
function tappedFirstRound(store: InspectorStore, running: ProxyInfo[] = [TAP]): string {
  store.getState().applyProxyEvent({ type: 'proxies', proxies: running });
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 3,
    method: 'tools/call',
    params: { name: 'approve', arguments: { amount: 5 } },
  });
  const answer = JSON.stringify({
    jsonrpc: '2.0',
    id: 3,
    result: { resultType: 'input_required', inputRequests: {}, requestState: 'st-2' },
  });
  recordWatchedJson(store, COMMAND, body, answer, 'x1', 't1');
  const conversationId = store.getState().session.order[0]!;
  return store.getState().session.conversations[conversationId]!.legIds[0]!;
}

function storeWith(fetch: typeof globalThis.fetch = () => Promise.reject(new Error('no server in this test'))) {
  const calls: ProxyControl[] = [];
  const store = createInspectorStore(
    {
      fetchFor: () => fetch,
      now: () => Date.now(),
      timeoutMs: 5_000,
      proxy: {
        control: (c) => {
          calls.push(c);
          return c.action === 'fresh'
            ? Promise.resolve({ url: FRESH })
            : Promise.reject(new Error(`unexpected ${c.action}`));
        },
        follow: vi.fn(),
      },
    },
    { connectedUrl: 'http://elsewhere/mcp' },
  );
  return { store, calls };
}

describe('a tapped call', () => {
  it('forks into the composer with its leg going to a fresh instance its tap launched, through the relay', async () => {
    const { store, calls } = storeWith();
    const legId = tappedFirstRound(store);
    expect(store.getState().forkWatchedLeg(legId)).toBeNull();
    await vi.waitFor(() => expect(store.getState().selectedConversationId).not.toBe(null));
    const st = store.getState();
    expect(calls).toEqual([{ action: 'fresh', proxyId: 't1' }]);
    expect(st.connectedUrl).toBe(FRESH);
    expect(st.transportMode).toBe('relay');
    expect(st.connectionNote).toContain('a fresh instance of the tapped server "python server.py"');
    const branch = st.session.conversations[st.selectedConversationId!]!;
    expect(branch.watched).toBeUndefined();
    expect(branch.serverUrl).toBe(COMMAND);
    expect(branch.draft).toMatchObject({ target: FRESH, params: { name: 'approve', arguments: { amount: 5 } } });
  });

  it('is replayed from a round (Replay round, Decline instead) against a fresh instance, sent at once', async () => {
    const sent: string[] = [];
    const fetch = (url: string | URL | Request, init?: RequestInit) => {
      sent.push(String(url));
      const rpc = JSON.parse(String(init?.body)) as { id: number };
      const result = { content: [{ type: 'text', text: 'Approved 5' }] };
      return Promise.resolve(
        new Response(JSON.stringify({ jsonrpc: '2.0', id: rpc.id, result }), {
          headers: { 'content-type': 'application/json' },
        }),
      );
    };
    const { store, calls } = storeWith(fetch);
    const legId = tappedFirstRound(store);
    await store.getState().resendFrom(legId, 'resend');
    expect(calls).toEqual([{ action: 'fresh', proxyId: 't1' }]);
    expect(sent).toEqual([FRESH]);
    const branch = store.getState().session.conversations[store.getState().session.order[1]!]!;
    expect(branch.forkOf).toBeDefined();
    expect(branch.legIds).toHaveLength(1);
  });

  it('whose tap no longer runs forks nothing, and says to start its host again', async () => {
    const { store, calls } = storeWith();
    const legId = tappedFirstRound(store, []);
    const before = store.getState().session.order.length;
    store.getState().forkWatchedLeg(legId);
    await vi.waitFor(() => expect(store.getState().watchError).toContain('Start its host again'));
    expect(calls).toEqual([]);
    expect(store.getState().session.order).toHaveLength(before);
    expect(store.getState().connectedUrl).toBe('http://elsewhere/mcp');
  });

  it('is audited by its name against the fresh instance, every leg going there', async () => {
    const { fetch, sent } = auditTarget();
    const { store } = storeWith(fetch);
    const legId = tappedFirstRound(store);
    await store.getState().auditWatchedCall(store.getState().session.legs[legId]!.conversationId);
    expect(store.getState().auditRequest).toMatchObject({ only: 'approve' });
    expect(store.getState().audit).toMatchObject({ status: 'done', server: FRESH });
    // every leg went to the fresh instance, never to the page's former server
    expect(new Set(sent.map((s) => s.url))).toEqual(new Set([FRESH]));
    expect(sent.map((s) => s.method)).toContain('tools/call');
  });

  it('saved and opened again, keeps its tapped server, its fork keeps its fresh instance, and still finds its tap', async () => {
    const { store } = storeWith();
    const legId = tappedFirstRound(store);
    store.getState().forkWatchedLeg(legId);
    await vi.waitFor(() => expect(store.getState().selectedConversationId).not.toBe(null));
    const session = store.getState().session;
    const text = serializeSessionFile(toSessionFile(session, { redacted: true, now: 1 }));
    const opened = parseSessionFile(text);
    if (!opened.ok) throw new Error(opened.error);
    const [watchedId, branchId] = session.order;
    const watched = opened.session.conversations[watchedId!]!;
    expect(watched.serverUrl).toBe(COMMAND);
    expect(watched.watched).toMatchObject({ proxyId: 't1' });
    expect(opened.session.conversations[branchId!]?.draft?.target).toBe(FRESH);
    expect(watchedServerOf(watched, [TAP])).toEqual({ kind: 'tap', tapId: 't1', command: 'python server.py' });
  });

  it('exported as a session file or a HAR, is replayed knowing the stdio server it was tapped from', () => {
    const { store } = storeWith();
    tappedFirstRound(store);
    const session = store.getState().session;
    for (const text of [
      serializeSessionFile(toSessionFile(session, { redacted: true, now: 1 })),
      JSON.stringify(toHar(session)),
    ]) {
      const parsed = parseRecordingFile(text);
      if (!parsed.ok) throw new Error(parsed.error);
      expect(parsed.recordings.map((r) => [r.title, r.tapped])).toEqual([
        [expect.stringContaining('approve'), 'python server.py'],
      ]);
    }
  });
});
