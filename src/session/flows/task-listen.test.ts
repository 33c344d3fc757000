import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../protocol/exchange.ts';
import type { TaskSnapshot } from '../../protocol/tasks/wire.ts';
import { listenForTask } from './task-listen.ts';

const sse = (...messages: unknown[]) => messages.map((m) => JSON.stringify(m));
const ack = (taskIds: string[]) => ({
  jsonrpc: '2.0',
  method: 'notifications/subscriptions/acknowledged',
  params: { notifications: { taskIds }, _meta: { 'io.modelcontextprotocol/subscriptionId': 4 } },
});
const note = (status: string, extra: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  method: 'notifications/tasks',
  params: { taskId: 't1', status, ...extra },
});
const end = { jsonrpc: '2.0', id: 4, result: { resultType: 'complete' } };

function exchange(contentType: string, extra: Partial<Exchange> = {}): Exchange {
  return {
    request: { url: 'http://x/mcp', method: 'POST', headers: [], body: '{}' },
    response: { status: 200, statusText: 'OK', headers: [], contentType, body: '', size: 0 },
    startedAt: 0,
    durationMs: 1,
    ...extra,
  };
}

function run(events: string[], ex: Exchange) {
  const seen: TaskSnapshot[] = [];
  const acks: boolean[] = [];
  const done = listenForTask({
    taskId: 't1',
    open: async (onData) => {
      for (const e of events) onData(e);
      return ex;
    },
    onAck: (offered) => acks.push(offered),
    onTask: (t) => seen.push(t),
  });
  return { done, seen, acks };
}

describe('listenForTask', () => {
  it('hands each notified task over as it arrives and ends when the server sends the listen result', async () => {
    const r = run(
      sse(ack(['t1']), note('working'), note('failed', { error: { code: -1, message: 'x' } }), end),
      exchange('text/event-stream'),
    );
    expect(await r.done).toMatchObject({ kind: 'ended', notifications: 2 });
    expect(r.acks).toEqual([true]);
    expect(r.seen.map((t) => t.status)).toEqual(['working', 'failed']);
  });

  it('says not offered when the acknowledgment leaves the task out', async () => {
    const r = run(sse(ack([]), end), exchange('text/event-stream'));
    expect(await r.done).toMatchObject({ kind: 'not-offered' });
    expect(r.acks).toEqual([false]);
  });

  it('says refused with the error when the server answers the listen request with JSON', async () => {
    const message = { jsonrpc: '2.0', id: 4, error: { code: -32601, message: 'Method not found' } };
    const r = run([], exchange('application/json', { message }));
    expect(await r.done).toMatchObject({ kind: 'refused', reason: '-32601 Method not found' });
  });

  it('says dropped when the stream closes without the listen result, and aborted when the user stopped it', async () => {
    const dropped = run(sse(ack(['t1']), note('working')), exchange('text/event-stream'));
    expect(await dropped.done).toMatchObject({ kind: 'dropped', notifications: 1 });
    const aborted = run(
      sse(ack(['t1'])),
      exchange('text/event-stream', { failure: { kind: 'abort', message: 'stop' } }),
    );
    expect(await aborted.done).toMatchObject({ kind: 'aborted' });
  });
});
