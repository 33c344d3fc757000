import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../protocol/exchange.ts';
import { ALL_CAPABILITIES } from '../../../protocol/envelope.ts';
import { composeRequest } from '../../compose.ts';
import { composeTaskLeg } from './compose-task-leg.ts';
import type { SessionEvent } from '../../events.ts';
import { emptySession, type SessionState } from '../../model.ts';
import { reduce } from '../../reducer.ts';
import { taskLint } from './task-lint.ts';
import { resultOutcome, taskView } from './task-view.ts';
import { timelineRows } from '../../timeline/timeline-rows.ts';
import { sequenceDiagram } from '../../timeline/timeline-sequence.ts';
import { waterfall } from '../../timeline/timeline-waterfall.ts';

const ctx = { url: 'http://127.0.0.1:1/mcp' };
const TASKS_CAPS = { ...ALL_CAPABILITIES, extensions: { 'io.modelcontextprotocol/tasks': {} } };
const task = (status: string, extra: Record<string, unknown> = {}) => ({
  taskId: 't1',
  status,
  createdAt: '2026-07-28T00:00:00Z',
  lastUpdatedAt: '2026-07-28T00:00:00Z',
  ttlMs: 60000,
  pollIntervalMs: 500,
  ...extra,
});
const ask = (key: string) => ({ [key]: { method: 'elicitation/create', params: { message: key } } });

function exchangeFor(id: number, result: unknown, at = 0): Exchange {
  const message = { jsonrpc: '2.0', id, result };
  const body = JSON.stringify(message);
  return {
    request: { url: ctx.url, method: 'POST', headers: [], body: '{}' },
    response: { status: 200, statusText: 'OK', headers: [], contentType: 'application/json', body, size: body.length },
    message,
    startedAt: at,
    durationMs: 5,
  };
}

const apply = (s: SessionState, ...events: SessionEvent[]) => events.reduce(reduce, s);

function started(): SessionState {
  let s = apply(emptySession, {
    type: 'conversation/started',
    kind: 'call',
    id: 'c1',
    title: 'deploy_release',
    method: 'tools/call',
    params: { name: 'deploy_release', arguments: {} },
    serverUrl: ctx.url,
    capabilities: TASKS_CAPS,
    at: 0,
  });
  const c = s.conversations.c1!;
  const composed = composeRequest(c, c.draft!, ctx);
  s = apply(s, {
    type: 'leg/recorded',
    conversationId: 'c1',
    legId: 'l0',
    rpcId: c.draft!.rpcId,
    exchange: exchangeFor(c.draft!.rpcId as number, { resultType: 'task', ...task('working') }),
    sent: composed.sent,
  });
  return s;
}

function poll(s: SessionState, legId: string, result: unknown): SessionState {
  const rpcId = s.nextRpcId;
  const composed = composeTaskLeg(s.conversations.c1!, 'tasks/get', rpcId, TASKS_CAPS, ctx)!;
  return apply(
    s,
    { type: 'leg/sent', conversationId: 'c1', rpcId, at: 1, takesId: true },
    {
      type: 'leg/recorded',
      conversationId: 'c1',
      legId,
      rpcId,
      exchange: exchangeFor(rpcId, result),
      sent: composed.sent,
    },
  );
}

function update(s: SessionState, legId: string): SessionState {
  const c = s.conversations.c1!;
  const composed = composeRequest(c, c.draft!, ctx);
  const rpcId = c.draft!.rpcId;
  return apply(s, {
    type: 'leg/recorded',
    conversationId: 'c1',
    legId,
    rpcId,
    exchange: exchangeFor(rpcId as number, { resultType: 'complete' }),
    sent: composed.sent,
  });
}

describe('a task conversation', () => {
  it('remembers the task a tools/call created and offers no draft while it works', () => {
    const s = started();
    expect(s.conversations.c1!.task).toEqual({ taskId: 't1', answeredKeys: [] });
    expect(s.conversations.c1!.draft).toBeUndefined();
  });

  it('composes polls as tasks/get with Mcp-Name and answers as tasks/update without requestState', () => {
    let s = poll(started(), 'l1', task('input_required', { inputRequests: ask('approve') }));
    const c = s.conversations.c1!;
    const get = composeTaskLeg(c, 'tasks/get', 99, TASKS_CAPS, ctx)!;
    expect(get.headers).toContainEqual(['Mcp-Name', 't1']);
    s = apply(s, { type: 'draft/answer', conversationId: 'c1', key: 'approve', response: { action: 'accept' } });
    const composed = composeRequest(s.conversations.c1!, s.conversations.c1!.draft!, ctx);
    expect(composed.message?.method).toBe('tasks/update');
    expect(composed.message?.params).toMatchObject({ taskId: 't1', inputResponses: { approve: { action: 'accept' } } });
    expect(composed.body).not.toContain('requestState');
    expect(composed.headers).toContainEqual(['Mcp-Name', 't1']);
  });

  it('keeps answers typed between polls and never asks an answered key again', () => {
    let s = poll(started(), 'l1', task('input_required', { inputRequests: ask('approve') }));
    s = apply(s, { type: 'draft/answer', conversationId: 'c1', key: 'approve', response: { action: 'accept' } });
    s = poll(s, 'l2', task('input_required', { inputRequests: ask('approve') }));
    expect(s.conversations.c1!.draft!.answers).toEqual({ approve: { action: 'accept' } });
    s = update(s, 'l3');
    expect(s.conversations.c1!.task!.answeredKeys).toEqual(['approve']);
    // eventually consistent: the server still lists the key; the client does not ask it again
    s = poll(s, 'l4', task('input_required', { inputRequests: { ...ask('approve'), ...ask('cutover') } }));
    expect(Object.keys(s.conversations.c1!.draft!.inputRequests)).toEqual(['cutover']);
  });

  it('keeps a server key named __proto__ from the task card to the tasks/update and the answered keys', () => {
    const protoAsk = JSON.parse('{"__proto__":{"method":"elicitation/create","params":{"message":"m"}}}') as object;
    let s = poll(started(), 'l1', task('input_required', { inputRequests: protoAsk }));
    const asked = s.conversations.c1!.draft!.inputRequests;
    expect(Object.keys(asked)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(asked)).toBe(Object.prototype);
    s = apply(s, { type: 'draft/answer', conversationId: 'c1', key: '__proto__', response: { action: 'accept' } });
    // a poll while the answer waits keeps it (the key is still pending)
    s = poll(s, 'l2', task('input_required', { inputRequests: protoAsk }));
    const composed = composeRequest(s.conversations.c1!, s.conversations.c1!.draft!, ctx);
    expect(composed.body).toContain('"inputResponses":{"__proto__":{"action":"accept"}}');
    s = update(s, 'l3');
    expect(s.conversations.c1!.task!.answeredKeys).toEqual(['__proto__']);
  });

  it('drops a typed answer whose key is no longer asked, even one named like an Object member', () => {
    let s = poll(started(), 'l1', task('input_required', { inputRequests: { ...ask('toString'), ...ask('ok') } }));
    s = apply(s, { type: 'draft/answer', conversationId: 'c1', key: 'toString', response: { action: 'accept' } });
    s = poll(s, 'l2', task('input_required', { inputRequests: ask('ok') }));
    expect(s.conversations.c1!.draft!.answers).toEqual({});
  });

  it('lints a task result that lacks a field the tasks extension requires', () => {
    const { createdAt: _c, ttlMs: _t, ...bare } = task('input_required');
    const s = poll(started(), 'l1', bare);
    const findings = taskLint(s, s.conversations.c1!).filter((f) => f.finding.rule === 'tasks/task-missing-field');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ legId: 'l1', finding: { side: 'server', severity: 'error' } });
    expect(findings[0]!.finding.message).toMatch(/createdAt, ttlMs, inputRequests/);
  });

  it('shows the inline result once the task completes, and counts the polls', () => {
    let s = poll(started(), 'l1', task('working'));
    s = poll(s, 'l2', task('completed', { result: { content: [{ type: 'text', text: 'Deployed' }] } }));
    const c = s.conversations.c1!;
    expect(resultOutcome(s, c)).toMatchObject({ kind: 'complete', result: { content: [{ text: 'Deployed' }] } });
    expect(taskView(s, c)).toMatchObject({ polls: 2, task: { status: 'completed' } });
  });

  it('shows the inline error of a failed task', () => {
    const s = poll(started(), 'l1', task('failed', { error: { code: -32603, message: 'crashed' } }));
    expect(resultOutcome(s, s.conversations.c1!)).toEqual({
      kind: 'error',
      error: { code: -32603, message: 'crashed' },
    });
  });

  it('moves the task on from a status notification and offers the answers as a tasks/update draft', () => {
    let s = started();
    const notified = (t: Record<string, unknown>, at: number): SessionEvent => ({
      type: 'task/notified',
      conversationId: 'c1',
      task: t as never,
      at,
      capabilities: TASKS_CAPS,
    });
    s = apply(s, notified(task('input_required', { inputRequests: ask('approve') }), 100));
    const c = s.conversations.c1!;
    expect(c.task!.notices).toHaveLength(1);
    expect(Object.keys(c.draft!.inputRequests)).toEqual(['approve']);
    expect(c.draft!.afterLegId).toBe('l0');
    expect(taskView(s, c)).toMatchObject({
      source: 'notification',
      notifications: 1,
      task: { status: 'input_required' },
    });

    s = apply(s, notified(task('completed', { result: { content: [{ type: 'text', text: 'done' }] } }), 200));
    expect(s.conversations.c1!.draft).toBeUndefined();
    expect(resultOutcome(s, s.conversations.c1!)).toMatchObject({ kind: 'complete' });
    // a notification about another task changes nothing
    expect(apply(s, notified({ ...task('failed'), taskId: 't2' }, 300))).toBe(s);
  });

  it('keeps what a newer notification said when a poll answered before it is recorded after it', () => {
    let s = started();
    s = apply(s, {
      type: 'task/notified',
      conversationId: 'c1',
      task: task('input_required', { inputRequests: ask('approve'), lastUpdatedAt: '2026-07-28T00:00:02Z' }) as never,
      // arrives at 2 ms, while the poll below (sent at 0, answered at 5 ms) is still on the wire
      at: 2,
      capabilities: TASKS_CAPS,
    });
    s = poll(s, 'l1', task('working', { lastUpdatedAt: '2026-07-28T00:00:01Z' }));
    const c = s.conversations.c1!;
    expect(Object.keys(c.draft!.inputRequests)).toEqual(['approve']);
    expect(taskView(s, c)).toMatchObject({ source: 'notification', task: { status: 'input_required' } });
  });

  it('takes an id for the listen stream without putting anything in flight, and keeps a poll in flight when it ends', () => {
    let s = started();
    const id = s.nextRpcId;
    s = apply(s, { type: 'task/listen-started', conversationId: 'c1', rpcId: id });
    expect(s.nextRpcId).toBe(id + 1);
    expect(s.conversations.c1!.inFlight).toBeUndefined();
    s = apply(s, { type: 'leg/sent', conversationId: 'c1', rpcId: id + 1, at: 50, takesId: true });
    const composed = composeTaskLeg(s.conversations.c1!, 'tasks/get', id, TASKS_CAPS, ctx)!;
    s = apply(s, {
      type: 'leg/recorded',
      conversationId: 'c1',
      legId: 'listen',
      rpcId: id,
      exchange: exchangeFor(id, { resultType: 'complete' }, 10),
      sent: { ...composed.sent, method: 'subscriptions/listen' },
    });
    expect(s.conversations.c1!.inFlight).toMatchObject({ rpcId: id + 1 });
    expect(s.conversations.c1!.legIds).toContain('listen');
  });

  it('folds polls that saw the same status into one waterfall bar and one arrow pair with a count', () => {
    let s = started();
    for (const [i, status] of ['working', 'working', 'working', 'completed'].entries()) {
      const c = s.conversations.c1!;
      const id = s.nextRpcId;
      const composed = composeTaskLeg(c, 'tasks/get', id, TASKS_CAPS, ctx)!;
      const extra = status === 'completed' ? { result: { content: [] } } : {};
      s = apply(
        s,
        { type: 'leg/sent', conversationId: 'c1', rpcId: id, at: 100 * (i + 1), takesId: true },
        {
          type: 'leg/recorded',
          conversationId: 'c1',
          legId: `p${i}`,
          rpcId: id,
          exchange: exchangeFor(id, { resultType: 'complete', ...task(status, extra) }, 100 * (i + 1)),
          sent: composed.sent,
        },
      );
    }
    const bars = waterfall(timelineRows(s)[0]!).bars;
    expect(bars.map((b) => b.polls?.length ?? 1)).toEqual([1, 3, 1]);
    expect(bars[1]).toMatchObject({ serverStart: 100, spanMs: 205 });
    const steps = sequenceDiagram(s, s.conversations.c1!).steps;
    expect(steps.map((st) => st.label)).toEqual([
      'client calls tools/call deploy_release',
      'server reports task working',
      'client polls tasks/get ×3',
      'server reports task working (×3)',
      'client polls tasks/get',
      'server reports task completed',
    ]);
    expect(steps[2]!.folded).toHaveLength(6);
  });
});
