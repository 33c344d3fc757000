import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { EraConnections } from '../client/legacy/era-connections.ts';
import { serverTasksQuery } from './server-queries.ts';

const json = (value: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json', ...headers } });

/** A 2025-11-25 server whose tasks/list comes in two pages (the second after `nextCursor`). */
function taskListServer() {
  const cursors: unknown[] = [];
  const fetch = async (_url: string, init: RequestInit) => {
    if (init.method !== 'POST') return new Response(null, { status: 405 });
    const body = JSON.parse(String(init.body)) as { method: string; id?: number; params?: { cursor?: string } };
    if (body.method === 'initialize') {
      const result = { protocolVersion: '2025-11-25', capabilities: { tasks: { list: {} } } };
      return json({ jsonrpc: '2.0', id: body.id, result }, { 'mcp-session-id': 's' });
    }
    if (body.method !== 'tasks/list') return new Response(null, { status: 202 });
    cursors.push(body.params?.cursor);
    const result = body.params?.cursor
      ? { tasks: [{ taskId: 'b', status: 'completed' }, { status: 'working' }] }
      : { tasks: [{ taskId: 'a', status: 'working', statusMessage: 'Gathering' }], nextCursor: 'p2' };
    return json({ jsonrpc: '2.0', id: body.id, result });
  };
  return { fetch, cursors };
}

describe('serverTasksQuery', () => {
  it('lists every page of a 2025-11-25 server’s tasks over its session, and says which entries do not read', async () => {
    const server = taskListServer();
    const eras = new EraConnections();
    const env = {
      ctx: { url: 'http://s/mcp' },
      fetch: server.fetch,
      viaRelay: false,
      nonce: 1,
      era: '2025-11-25' as const,
      eras,
    };
    const list = await new QueryClient().fetchQuery(serverTasksQuery(env));
    expect(list.tasks.map((t) => [t.taskId, t.status, t.statusMessage])).toEqual([
      ['a', 'working', 'Gathering'],
      ['b', 'completed', undefined],
    ]);
    expect(list.problems).toEqual(['tasks[2]: the task has no taskId (string)']);
    expect(server.cursors).toEqual([undefined, 'p2']);
    await eras.close();
  });
});
