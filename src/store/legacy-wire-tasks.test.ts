import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../client/send-leg.ts';
import { resultOutcome, taskView } from '../session/kinds/task/task-view.ts';
import { connectedLegacyStore, json, sseAnswer } from './legacy-store.fixtures.ts';

const URL = 'http://research/mcp';
const task = (status: string, statusMessage: string) => ({
  taskId: 't1',
  status,
  statusMessage,
  ttl: 60000,
  createdAt: '2025-11-25T10:30:00Z',
  lastUpdatedAt: '2025-11-25T10:30:00Z',
  pollInterval: 0,
});

/**
 * A 2025-11-25 server like the everything server's simulate-research-query: the task works, needs a clarification
 * (pushed on the tasks/result stream, related to the task), and once answered completes with its report on that
 * same stream; tasks/cancel answers the cancelled task.
 */
function researchServer() {
  const methods: string[] = [];
  let answered: (value: unknown) => void = () => {};
  const answer = new Promise<unknown>((r) => (answered = r));
  let answeredYet = false;
  let polls = 0;
  const fetch: FetchLike = async (_url, init) => {
    if (init.method !== 'POST') return new Response(null, { status: 405 });
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    const id = body.id;
    if (typeof body.method === 'string') methods.push(body.method);
    switch (body.method) {
      case 'initialize':
        return json(
          { jsonrpc: '2.0', id, result: { protocolVersion: '2025-11-25', capabilities: {} } },
          { 'mcp-session-id': 's' },
        );
      case 'tools/call':
        return json({ jsonrpc: '2.0', id, result: { task: task('working', 'Gathering sources...') } });
      case 'tasks/get':
        polls += 1;
        if (answeredYet) return json({ jsonrpc: '2.0', id, result: task('completed', 'Generating report...') });
        return json({
          jsonrpc: '2.0',
          id,
          result: polls === 1 ? task('working', 'Analyzing content...') : task('input_required', 'Clarify?'),
        });
      case 'tasks/cancel':
        return json({ jsonrpc: '2.0', id, result: task('cancelled', 'Client cancelled task execution.') });
      case 'tasks/result': {
        return sseAnswer(async (send) => {
          send({
            jsonrpc: '2.0',
            id: 0,
            method: 'elicitation/create',
            params: {
              message: 'Which python?',
              requestedSchema: { type: 'object', properties: { interpretation: { type: 'string' } } },
              _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't1' } },
            },
          });
          const reply = (await answer) as { result: { content: { interpretation: string } } };
          answeredYet = true;
          const text = `Research Report: python (${reply.result.content.interpretation})`;
          send({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } });
        });
      }
      default:
        // notifications/initialized, and the client's response to the pushed request
        if (body.id === 0 && 'result' in body) answered(body);
        return new Response(null, { status: 202 });
    }
  };
  return { fetch, methods };
}

const connectedWithEras = (fetch: FetchLike) =>
  connectedLegacyStore(URL, fetch, { capabilities: { elicitation: { form: {} } } });
const connected = async (fetch: FetchLike) => (await connectedWithEras(fetch)).store;

const PARAMS = { name: 'simulate-research-query', arguments: { topic: 'python' }, task: { ttl: 60000 } };

describe('a 2025-11-25 task through the store', () => {
  it('is followed by polls; its clarification on tasks/result is answered from the composer; the report is the Result', async () => {
    const server = researchServer();
    const store = await connected(server.fetch);
    const id = await store.getState().startCall({ method: 'tools/call', title: 'research', params: PARAMS });

    // the poll that sees input_required opens tasks/result, whose stream brings the request: a response to write
    await expect
      .poll(() => store.getState().session.conversations[id]?.draft?.respondTo?.key)
      .toBe('elicitation/create #0');
    store.getState().dispatch({
      type: 'draft/answer',
      conversationId: id,
      key: 'elicitation/create #0',
      response: { action: 'accept', content: { interpretation: 'snake' } },
    });
    await store.getState().sendDraft(id);

    const s = () => store.getState().session;
    expect(resultOutcome(s(), s().conversations[id]!)).toMatchObject({
      kind: 'complete',
      result: { content: [{ type: 'text', text: 'Research Report: python (snake)' }] },
    });
    await expect.poll(() => taskView(s(), s().conversations[id]!)?.task.status).toBe('completed');
    expect(taskView(s(), s().conversations[id]!)).toMatchObject({ era: '2025-11-25', answers: 1 });
    // one tasks/result: the stream opened at input_required brought the result, so none was opened for it
    expect(server.methods.filter((m) => m === 'tasks/result')).toHaveLength(1);
    expect(server.methods.slice(0, 4)).toEqual(['initialize', 'notifications/initialized', 'tools/call', 'tasks/get']);
    await expect.poll(() => store.getState().taskPolls[id]?.auto).toBe(false);
  });

  it('Cancel task sends tasks/cancel and the cancelled task is what the conversation shows', async () => {
    const server = researchServer();
    const store = await connected(server.fetch);
    const id = await store.getState().startCall({ method: 'tools/call', title: 'research', params: PARAMS });
    await store.getState().cancelTask(id);
    const s = store.getState().session;
    const view = taskView(s, s.conversations[id]!);
    expect(view?.task).toMatchObject({ status: 'cancelled', statusMessage: 'Client cancelled task execution.' });
    expect(resultOutcome(s, s.conversations[id]!)).toMatchObject({ kind: 'task', task: { status: 'cancelled' } });
    expect(server.methods).toContain('tasks/cancel');
    // no tasks/get after the cancel: its answer is the cancelled task
    expect(server.methods.at(-1)).toBe('tasks/cancel');
  });

  it("a notifications/tasks/status from the task's server updates the Task panel without a poll", async () => {
    const server = researchServer();
    const { store, eras } = await connectedWithEras(server.fetch);
    const id = await store.getState().startCall({ method: 'tools/call', title: 'research', params: PARAMS });
    store.getState().stopAutoPoll(id);
    await expect.poll(() => store.getState().taskPolls[id]?.auto).toBe(false);
    const polls = server.methods.filter((m) => m === 'tasks/get').length;
    const params = { ...task('working', 'Reading source 3 of 5'), lastUpdatedAt: '2025-11-25T10:31:00Z' };
    eras.notifiedOnSession(URL, { jsonrpc: '2.0', method: 'notifications/tasks/status', params });
    const view = taskView(store.getState().session, store.getState().session.conversations[id]!);
    expect(view).toMatchObject({ source: 'notification', task: { statusMessage: 'Reading source 3 of 5' } });
    expect(server.methods.filter((m) => m === 'tasks/get')).toHaveLength(polls);
  });
});
