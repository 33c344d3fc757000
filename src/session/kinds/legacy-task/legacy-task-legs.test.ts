import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../protocol/exchange.ts';
import type { SessionEvent } from '../../events.ts';
import { emptySession, type SentFacts, type SessionState } from '../../model.ts';
import { legacyTaskNotice } from './legacy-task-legs.ts';
import { pushedFacts } from '../legacy-call/pushed-legs.ts';
import { reduce } from '../../reducer.ts';
import { parseSessionValue } from '../../io/session-file.ts';
import { taskLint } from '../task/task-lint.ts';
import { resultOutcome, taskView } from '../task/task-view.ts';

const URL = 'http://127.0.0.1:1/mcp';
const PARAMS = {
  name: 'simulate-research-query',
  arguments: { topic: 'python', ambiguous: true },
  task: { ttl: 60000 },
};
const task = (status: string, extra: Record<string, unknown> = {}) => ({
  taskId: 't1',
  status,
  ttl: 300000,
  createdAt: '2025-11-25T10:30:00Z',
  lastUpdatedAt: '2025-11-25T10:30:00Z',
  pollInterval: 1000,
  ...extra,
});

function exchange(message: unknown, at = 0): Exchange {
  const body = JSON.stringify(message);
  return {
    request: { url: URL, method: 'POST', headers: [], body: '{}' },
    response: { status: 200, statusText: 'OK', headers: [], contentType: 'application/json', body, size: body.length },
    message,
    startedAt: at,
    durationMs: 5,
  };
}

const sent = (method?: string, params: Record<string, unknown> = PARAMS): SentFacts => ({
  answeredKeys: [],
  unansweredKeys: [],
  requestStateEdited: false,
  bodyEdited: false,
  capabilities: {},
  params: params as SentFacts['params'],
  ...(method ? { method } : {}),
});

const apply = (s: SessionState, ...events: SessionEvent[]) => events.reduce(reduce, s);
const recorded = (legId: string, rpcId: number | string, message: unknown, method?: string): SessionEvent => ({
  type: 'leg/recorded',
  conversationId: 'c1',
  legId,
  rpcId,
  exchange: exchange(message),
  sent: sent(method, method ? { taskId: 't1' } : PARAMS),
});

function created(): SessionState {
  return apply(
    emptySession,
    {
      type: 'conversation/started',
      kind: 'legacy-call',
      id: 'c1',
      title: 'simulate-research-query',
      method: 'tools/call',
      params: PARAMS,
      serverUrl: URL,
      capabilities: {},
      at: 0,
    },
    recorded('l0', 1, { jsonrpc: '2.0', id: 1, result: { task: task('working', { statusMessage: 'Gathering' }) } }),
  );
}

const ELICIT = {
  jsonrpc: '2.0',
  id: 0,
  method: 'elicitation/create',
  params: {
    message: 'Which python?',
    requestedSchema: { type: 'object', properties: { interpretation: { type: 'string' } } },
    _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't1' } },
  },
};

function pushed(s: SessionState): SessionState {
  return apply(s, {
    type: 'leg/recorded',
    conversationId: 'c1',
    legId: 'lp',
    rpcId: 0,
    exchange: exchange(ELICIT),
    sent: sent('tasks/result', { taskId: 't1' }),
    pushed: pushedFacts(0, 'elicitation/create'),
  });
}

describe('a 2025-11-25 task conversation', () => {
  it('reads the CreateTaskResult of a call sent with params.task as a task of that era', () => {
    const s = created();
    const c = s.conversations.c1!;
    expect(c.task).toEqual({ taskId: 't1', answeredKeys: [], era: '2025-11-25' });
    expect(c.draft).toBeUndefined();
    expect(s.legs.l0!.outcome).toMatchObject({ kind: 'task', task: { status: 'working', pollIntervalMs: 1000 } });
    expect(taskView(s, c)).toMatchObject({
      era: '2025-11-25',
      polls: 0,
      answers: 0,
      task: { statusMessage: 'Gathering' },
    });
  });

  it('a call without params.task whose result happens to hold a "task" stays an ordinary result', () => {
    const s = apply(
      emptySession,
      {
        type: 'conversation/started',
        kind: 'legacy-call',
        id: 'c1',
        title: 't',
        method: 'tools/call',
        params: { name: 't' },
        serverUrl: URL,
        capabilities: {},
        at: 0,
      },
      {
        type: 'leg/recorded',
        conversationId: 'c1',
        legId: 'l0',
        rpcId: 1,
        exchange: exchange({ jsonrpc: '2.0', id: 1, result: { task: task('working') } }),
        sent: sent(undefined, { name: 't' }),
      },
    );
    expect(s.conversations.c1!.task).toBeUndefined();
    expect(s.legs.l0!.outcome.kind).toBe('complete');
  });

  it('a call with params.task answered without a task is invalid, and says why', () => {
    const fresh = apply(
      emptySession,
      {
        type: 'conversation/started',
        kind: 'legacy-call',
        id: 'c1',
        title: 't',
        method: 'tools/call',
        params: PARAMS,
        serverUrl: URL,
        capabilities: {},
        at: 0,
      },
      recorded('l0', 1, { jsonrpc: '2.0', id: 1, result: { content: [] } }),
    );
    expect(fresh.legs.l0!.outcome).toEqual({
      kind: 'invalid',
      reason: 'the call asked for a task but the result has no "task" (a CreateTaskResult)',
    });
  });

  it('polls are Tasks of that era (a completed one needs no inline result), counted in the view', () => {
    const s = apply(
      created(),
      recorded(
        'l1',
        2,
        { jsonrpc: '2.0', id: 2, result: task('working', { statusMessage: 'Analyzing' }) },
        'tasks/get',
      ),
      recorded('l2', 3, { jsonrpc: '2.0', id: 3, result: task('completed') }, 'tasks/get'),
    );
    expect(s.legs.l2!.outcome).toMatchObject({ kind: 'task', task: { status: 'completed' } });
    expect(taskView(s, s.conversations.c1!)).toMatchObject({ polls: 2, task: { status: 'completed' } });
  });

  it('a notifications/tasks/status moves the task on, and keeps the response waiting in the composer', () => {
    let s = pushed(created());
    const note = { jsonrpc: '2.0', method: 'notifications/tasks/status', params: task('input_required') };
    const target = legacyTaskNotice(s, URL, note);
    expect(target).toMatchObject({ conversationId: 'c1', task: { taskId: 't1', status: 'input_required' } });
    s = apply(s, { type: 'task/notified', ...target!, at: 50, capabilities: {} });
    expect(s.conversations.c1!.draft?.respondTo).toBeDefined();
    expect(taskView(s, s.conversations.c1!)).toMatchObject({
      source: 'notification',
      notifications: 1,
      task: { status: 'input_required' },
    });
    // a terminal status ends it: the response has nowhere to go
    const done = { ...note, params: task('cancelled') };
    s = apply(s, { type: 'task/notified', ...legacyTaskNotice(s, URL, done)!, at: 60, capabilities: {} });
    expect(s.conversations.c1!.draft).toBeUndefined();
  });

  it("finds no conversation for another server's task, another task id, or another notification", () => {
    const s = created();
    const note = { jsonrpc: '2.0', method: 'notifications/tasks/status', params: task('working') };
    expect(legacyTaskNotice(s, 'http://elsewhere/mcp', note)).toBeUndefined();
    expect(legacyTaskNotice(s, URL, { ...note, params: task('working', { taskId: 'other' }) })).toBeUndefined();
    expect(legacyTaskNotice(s, URL, { jsonrpc: '2.0', method: 'notifications/progress', params: {} })).toBeUndefined();
  });

  it('gets none of the tasks-extension lint rules (no Mcp-Name, ttl instead of ttlMs: that era has its own wire)', () => {
    const s = apply(created(), recorded('l1', 2, { jsonrpc: '2.0', id: 2, result: task('working') }, 'tasks/get'));
    expect(taskLint(s, s.conversations.c1!)).toEqual([]);
  });

  it("lints that era's own MUSTs: createdAt, lastUpdatedAt and ttl on task responses, related-task on tasks/result", () => {
    const { createdAt: _c, ttl: _t, ...bare } = task('working');
    const report = { content: [{ type: 'text', text: 'done' }] };
    const related = { 'io.modelcontextprotocol/related-task': { taskId: 't1' } };
    const s = apply(
      pushed(created()),
      recorded('l1', 2, { jsonrpc: '2.0', id: 2, result: bare }, 'tasks/get'),
      recorded('l2', 3, { jsonrpc: '2.0', id: 3, result: report }, 'tasks/result'),
      recorded('l3', 4, { jsonrpc: '2.0', id: 4, result: { ...report, _meta: related } }, 'tasks/result'),
    );
    const findings = taskLint(s, s.conversations.c1!);
    expect(findings.map((f) => [f.legId, f.finding.rule, f.finding.severity])).toEqual([
      ['l1', 'tasks-2025/missing-field', 'error'],
      ['l2', 'tasks-2025/result-related-task', 'error'],
    ]);
    expect(findings[0]!.finding.message).toContain('lacks "createdAt", "ttl"');
    expect(findings[1]!.finding.message).toContain('{"taskId": "t1"}');
    expect(findings[1]!.finding.spec).toMatchObject({ revision: '2025-11-25', page: 'basic/utilities/tasks' });
    // a CreateTaskResult whose task lacks its timestamps is found too
    const { lastUpdatedAt: _l, ...noUpdate } = task('working');
    const made = apply(
      emptySession,
      {
        type: 'conversation/started',
        kind: 'legacy-call',
        id: 'c1',
        title: 't',
        method: 'tools/call',
        params: PARAMS,
        serverUrl: URL,
        capabilities: {},
        at: 0,
      },
      recorded('l0', 1, { jsonrpc: '2.0', id: 1, result: { task: noUpdate } }),
    );
    expect(taskLint(made, made.conversations.c1!).map((f) => f.finding.message)).toEqual([
      expect.stringContaining('tools/call answer lacks "lastUpdatedAt"'),
    ]);
  });

  it('a request pushed on tasks/result waits in the composer as a response; polls keep it, and keep its wait', () => {
    let s = pushed(
      apply(created(), recorded('l1', 2, { jsonrpc: '2.0', id: 2, result: task('input_required') }, 'tasks/get')),
    );
    const draft = s.conversations.c1!.draft!;
    expect(draft.respondTo).toEqual({ id: 0, method: 'elicitation/create', key: 'elicitation/create #0' });
    expect(draft.inputRequests['elicitation/create #0']).toMatchObject({ method: 'elicitation/create' });
    // a poll while the response is being written keeps it
    s = apply(s, recorded('l2', 3, { jsonrpc: '2.0', id: 3, result: task('input_required') }, 'tasks/get'));
    expect(s.conversations.c1!.draft?.respondTo?.id).toBe(0);
    // the response goes out: the conversation waits on tasks/result; a poll meanwhile leaves that wait in flight
    s = apply(s, {
      type: 'leg/answered',
      conversationId: 'c1',
      legId: 'lp',
      exchange: exchange(''),
      sent: sent(undefined, { taskId: 't1' }),
      at: 10,
    });
    expect(s.conversations.c1!.inFlight).toEqual({ rpcId: 0, startedAt: 10 });
    s = apply(s, recorded('l3', 4, { jsonrpc: '2.0', id: 4, result: task('working') }, 'tasks/get'));
    expect(s.conversations.c1!.inFlight).toEqual({ rpcId: 0, startedAt: 10 });
    expect(taskView(s, s.conversations.c1!)).toMatchObject({ answers: 1, polls: 3 });
  });

  it("tasks/result's response is the Result, exactly what the call would have answered", () => {
    let s = pushed(created());
    const report = { content: [{ type: 'text', text: 'Research Report: python (snake)' }] };
    s = apply(s, recorded('lr', 5, { jsonrpc: '2.0', id: 5, result: report }, 'tasks/result'));
    const c = s.conversations.c1!;
    expect(c.draft).toBeUndefined();
    expect(c.inFlight).toBeUndefined();
    expect(resultOutcome(s, c)).toMatchObject({ kind: 'complete', result: report });
    // an error answer is the call's error
    const failed = apply(
      created(),
      recorded('lr', 5, { jsonrpc: '2.0', id: 5, error: { code: -32603, message: 'boom' } }, 'tasks/result'),
    );
    expect(resultOutcome(failed, failed.conversations.c1!)).toEqual({
      kind: 'error',
      error: { code: -32603, message: 'boom' },
    });
  });

  it('a cancel answers the cancelled Task: the response waiting in the composer is dropped, the Result says so', () => {
    let s = pushed(created());
    s = apply(
      s,
      recorded('lc', 6, { jsonrpc: '2.0', id: 6, result: { _meta: {}, ...task('cancelled') } }, 'tasks/cancel'),
    );
    const c = s.conversations.c1!;
    expect(c.draft).toBeUndefined();
    expect(resultOutcome(s, c)).toMatchObject({ kind: 'task', task: { status: 'cancelled' } });
  });

  it('a saved session reads its legs back the same way (outcomes are recomputed on load)', () => {
    const s = apply(
      created(),
      recorded('l1', 2, { jsonrpc: '2.0', id: 2, result: task('completed') }, 'tasks/get'),
      recorded(
        'lr',
        3,
        { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'done' }] } },
        'tasks/result',
      ),
    );
    const loaded = parseSessionValue(JSON.parse(JSON.stringify(s)));
    if (!loaded.ok) throw new Error(loaded.error);
    expect(loaded.session.legs.l0!.outcome).toMatchObject({ kind: 'task', task: { status: 'working' } });
    expect(loaded.session.legs.l1!.outcome).toMatchObject({ kind: 'task', task: { status: 'completed' } });
    expect(resultOutcome(loaded.session, loaded.session.conversations.c1!)).toMatchObject({ kind: 'complete' });
  });
});
