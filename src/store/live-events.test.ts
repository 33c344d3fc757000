import { describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '../client/send-leg.ts';
import { createInspectorStore } from './inspector-store.ts';

const OPTIONS = { progressToken: 'progress-1', logLevel: 'info' as const };

/** An SSE response whose events the test pushes one at a time. */
function sseServer() {
  let push: (text: string) => void = () => {};
  let close: () => void = () => {};
  const bodies: string[] = [];
  const fetch: FetchLike = async (_url, init) => {
    bodies.push(String(init.body));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
        close = () => controller.close();
      },
    });
    return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
  };
  const event = (message: unknown) => push(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  return { fetch, bodies, event, close: () => close() };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('live events of a leg in flight', () => {
  it('collects SSE events per conversation while the leg streams and clears them when it is recorded', async () => {
    const server = sseServer();
    const s = createInspectorStore(
      { fetchFor: () => server.fetch, now: () => Date.now() },
      { connectedUrl: 'http://fake/mcp' },
    );
    const call = s.getState().startCall({
      method: 'tools/call',
      title: 'progress_report',
      params: { name: 'progress_report', arguments: {} },
      requestOptions: OPTIONS,
    });
    await tick();
    const id = s.getState().selectedConversationId!;
    const progress = { progressToken: 'progress-1', progress: 1, total: 2, message: 'step 1' };
    server.event({ jsonrpc: '2.0', method: 'notifications/progress', params: progress });
    await tick();
    const sessionBefore = s.getState().session;
    server.event({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'hi' } });
    // events reach the store in batches (at most every LIVE_FLUSH_MS)
    await vi.waitFor(() => expect(s.getState().liveEvents[id]).toHaveLength(2));
    const live = s.getState().liveEvents[id] ?? [];
    expect(live.map((e) => (JSON.parse(e.data) as { method: string }).method)).toEqual([
      'notifications/progress',
      'notifications/message',
    ]);
    // the events stay out of the session until the leg is recorded
    expect(s.getState().session).toBe(sessionBefore);

    const rpcId = (JSON.parse(server.bodies[0]!) as { id: number }).id;
    server.event({ jsonrpc: '2.0', id: rpcId, result: { content: [{ type: 'text', text: 'done' }] } });
    server.close();
    await call;
    const st = s.getState();
    expect(st.liveEvents[id]).toBeUndefined();
    const leg = st.session.legs[st.session.conversations[id]!.legIds[0]!]!;
    expect(leg.exchange.response?.sseEvents).toHaveLength(3);
    expect(leg.sent.requestOptions).toEqual(OPTIONS);
    const meta = (JSON.parse(server.bodies[0]!) as { params: { _meta: Record<string, unknown> } }).params._meta;
    expect(meta.progressToken).toBe('progress-1');
    expect(meta['io.modelcontextprotocol/logLevel']).toBe('info');
  });
});
