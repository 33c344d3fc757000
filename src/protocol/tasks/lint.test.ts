import { describe, expect, it } from 'vitest';
import { lintTaskLegs, missingTaskFields, type TaskLegFacts } from './lint.ts';

const leg = (p: Partial<TaskLegFacts>): TaskLegFacts => ({
  method: 'tasks/get',
  sentAt: 0,
  mcpName: 't',
  taskId: 't',
  sentRequestState: false,
  answeredKeys: [],
  asked: [],
  ...p,
});
const asks = (key: string, request = `{"method":"elicitation/create","params":{"message":"${key}"}}`) => [
  { key, request },
];
const rules = (legs: TaskLegFacts[]) => lintTaskLegs(legs).map((f) => f.rule);

describe('lintTaskLegs', () => {
  it('flags requestState sent on tasks/update', () => {
    expect(rules([leg({ method: 'tasks/update', sentRequestState: true })])).toEqual(['task-update-request-state']);
  });

  it('flags a task method without Mcp-Name or with another name', () => {
    expect(rules([leg({ mcpName: undefined }), leg({ method: 'tasks/cancel', mcpName: 'x' })])).toEqual([
      'task-missing-mcp-name',
      'task-missing-mcp-name',
    ]);
  });

  it('flags a key answered and then reused for another request', () => {
    const legs = [
      leg({ asked: asks('ok') }),
      leg({ method: 'tasks/update', answeredKeys: ['ok'], sentAt: 10 }),
      leg({ asked: asks('ok', '{"method":"elicitation/create","params":{"message":"something else"}}'), sentAt: 20 }),
    ];
    expect(rules(legs)).toEqual(['task-key-reasked']);
  });

  it('does not fault the server for still listing an answered key (the update ack is eventually consistent)', () => {
    const legs = [
      leg({ asked: asks('ok') }),
      leg({ method: 'tasks/update', answeredKeys: ['ok'], sentAt: 10 }),
      leg({ asked: asks('ok'), sentAt: 20 }),
      leg({ asked: asks('ok'), sentAt: 1020 }),
    ];
    expect(lintTaskLegs(legs)).toEqual([]);
  });

  it('flags polling faster than pollIntervalMs and not a poll that waited', () => {
    const legs = [
      leg({ method: 'tools/call', mcpName: 'deploy', taskId: undefined, pollIntervalMs: 500 }),
      leg({ sentAt: 100 }),
      leg({ sentAt: 300 }),
      leg({ sentAt: 900 }),
    ];
    expect(lintTaskLegs(legs).map((f) => [f.rule, f.index])).toEqual([['task-poll-too-fast', 2]]);
  });

  it('flags a leg sent after the ttlMs ran out', () => {
    const legs = [leg({ method: 'tools/call', ttlMs: 1000, sentAt: 0 }), leg({ sentAt: 1500 })];
    expect(rules(legs)).toEqual(['task-past-ttl']);
  });

  it('finds nothing in a well-behaved task', () => {
    const legs = [
      leg({ method: 'tools/call', pollIntervalMs: 500, ttlMs: 60000 }),
      leg({ sentAt: 600, asked: asks('ok') }),
      leg({ method: 'tasks/update', sentAt: 900, answeredKeys: ['ok'] }),
      leg({ sentAt: 1500 }),
    ];
    expect(lintTaskLegs(legs)).toEqual([]);
  });

  it('flags a task result that lacks a field the tasks extension requires', () => {
    const legs = [leg({ method: 'tools/call', missingFields: ['createdAt', 'ttlMs'] }), leg({ sentAt: 600 })];
    const findings = lintTaskLegs(legs);
    expect(findings.map((f) => [f.rule, f.index, f.severity])).toEqual([['task-missing-field', 0, 'error']]);
    expect(findings[0]!.message).toContain('createdAt');
    expect(findings[0]!.message).toContain('ttlMs');
  });
});

describe('missingTaskFields', () => {
  const full = { taskId: 't', createdAt: 'c', lastUpdatedAt: 'u', ttlMs: null };

  it('finds nothing missing in a complete task (ttlMs null: kept indefinitely)', () => {
    expect(missingTaskFields({ ...full, status: 'working' })).toEqual([]);
    expect(missingTaskFields({ ...full, status: 'input_required', inputRequests: {} })).toEqual([]);
  });

  it('names createdAt, lastUpdatedAt and ttlMs when absent or of the wrong type', () => {
    expect(missingTaskFields({ taskId: 't', status: 'working' })).toEqual(['createdAt', 'lastUpdatedAt', 'ttlMs']);
    expect(missingTaskFields({ ...full, createdAt: 5, ttlMs: '60000', status: 'working' })).toEqual([
      'createdAt',
      'ttlMs',
    ]);
  });

  it('names inputRequests on an input_required task without them, and only there', () => {
    expect(missingTaskFields({ ...full, status: 'input_required' })).toEqual(['inputRequests']);
    expect(missingTaskFields({ ...full, status: 'working' })).toEqual([]);
  });
});
