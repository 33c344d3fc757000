import { describe, expect, it } from 'vitest';
import { LegacySession } from './legacy-session.ts';

type Sent = { method?: string; id?: unknown; params?: Record<string, unknown> };

/**
 * A 2025-11-25 server whose `tools/call` stream carries `events` and then stays open until the client aborts (a real
 * fetch rejects the body read on abort; this one does the same). Everything the client sends is kept in `sent`.
 */
function hangingServer(events: string, stop: AbortController) {
  const sent: Sent[] = [];
  const fetch = async (_url: string, init: RequestInit): Promise<Response> => {
    const body = init.body ? (JSON.parse(init.body as string) as Sent) : {};
    sent.push(body);
    if (body.method === 'initialize')
      return new Response(
        JSON.stringify({ jsonrpc: '2.0', id: body.id, result: { protocolVersion: '2025-11-25', capabilities: {} } }),
        { headers: { 'content-type': 'application/json', 'mcp-session-id': 's' } },
      );
    if (body.method === 'tasks/cancel')
      return new Response(
        JSON.stringify({ jsonrpc: '2.0', id: body.id, result: { taskId: body.params?.taskId, status: 'cancelled' } }),
        { headers: { 'content-type': 'application/json' } },
      );
    if (body.method !== 'tools/call') return new Response(null, { status: 202 });
    const signal = init.signal!;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(events));
        signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        setTimeout(() => stop.abort(), 5);
      },
    });
    return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
  };
  return { sent, fetch };
}

async function abortedTaskCall(events: string): Promise<Sent[]> {
  const stop = new AbortController();
  const server = hangingServer(events, stop);
  const s = new LegacySession({
    url: 'http://x/mcp',
    fetch: server.fetch,
    clientInfo: { name: 'c', version: '1' },
    capabilities: {},
    sleep: async () => undefined,
  });
  await s.initialize();
  const call = s.request('tools/call', { name: 'slow', task: { ttl: 60000 } }, async () => null, stop.signal);
  await expect(call).rejects.toThrow();
  return server.sent.slice(2);
}

describe('LegacySession: aborting a task-augmented call (params.task)', () => {
  it('sends no notifications/cancelled, and nothing else, when the task was never named', async () => {
    const after = await abortedTaskCall('id: 1\ndata: \n\n');
    expect(after.map((m) => m.method)).toEqual(['tools/call']);
  });

  it('cancels the task with tasks/cancel once its stream has named it, never with notifications/cancelled', async () => {
    const status = {
      jsonrpc: '2.0',
      method: 'notifications/tasks/status',
      params: { taskId: 'task-9', status: 'working', createdAt: '2026-01-01T00:00:00Z', ttl: 60000 },
    };
    const after = await abortedTaskCall(`id: 1\ndata: ${JSON.stringify(status)}\n\n`);
    expect(after.map((m) => m.method)).toEqual(['tools/call', 'tasks/cancel']);
    expect(after[1]!.params).toEqual({ taskId: 'task-9' });
  });
});
