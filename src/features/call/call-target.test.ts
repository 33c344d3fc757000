import { describe, expect, it } from 'vitest';
import { callTargetOf, type CallLists } from './call-target.ts';

const LISTS: CallLists = {
  tools: [{ name: 'echo', description: 'Echoes.', inputSchema: { type: 'object', properties: {} } }],
  prompts: [{ name: 'greet', arguments: [{ name: 'who', required: true }] }],
  templates: [{ uriTemplate: 'file:///{path}', name: 'Files' }],
};

describe('callTargetOf', () => {
  it('builds a tools/call with the tool’s inputSchema when a tool is picked', () => {
    const t = callTargetOf({ kind: 'tool', name: 'echo' }, LISTS);
    expect([t?.title, t?.description, t?.actionLabel]).toEqual(['echo', 'Echoes.', 'Call tool']);
    expect(t?.build({ a: 1 })).toEqual({
      method: 'tools/call',
      params: { name: 'echo', arguments: { a: 1 } },
      inputSchema: { type: 'object', properties: {} },
    });
  });

  it('a 2025-11-25 task tool carries params.task: always when required, on request when optional', () => {
    const lists: CallLists = {
      ...LISTS,
      tools: [
        { name: 'research', execution: { taskSupport: 'required' } },
        { name: 'export', execution: { taskSupport: 'optional' } },
      ],
      taskCalls: true,
    };
    const required = callTargetOf({ kind: 'tool', name: 'research' }, lists);
    expect(required?.taskSupport).toBe('required');
    expect(required?.build({ topic: 'python' }).params).toEqual({
      name: 'research',
      arguments: { topic: 'python' },
      task: { ttl: 60000 },
    });
    const optional = callTargetOf({ kind: 'tool', name: 'export' }, lists);
    expect(optional?.taskSupport).toBe('optional');
    expect(optional?.build({}).params).not.toHaveProperty('task');
    expect(optional?.build({}, true).params).toHaveProperty('task', { ttl: 60000 });
    // a server that does not accept task-augmented calls gets none, whatever the tool declares
    const refused = callTargetOf({ kind: 'tool', name: 'research' }, { ...lists, taskCalls: false });
    expect(refused?.taskSupport).toBeUndefined();
    expect(refused?.build({}).params).not.toHaveProperty('task');
  });

  it('asks for each prompt argument and marks the required ones when a prompt is picked', () => {
    const t = callTargetOf({ kind: 'prompt', name: 'greet' }, LISTS);
    expect(t?.schema).toMatchObject({ properties: { who: { type: 'string' } }, required: ['who'] });
    expect(t?.build({ who: 'ada' })).toEqual({
      method: 'prompts/get',
      params: { name: 'greet', arguments: { who: 'ada' } },
    });
  });

  it('fills the template’s variables into the URI when a template is picked', () => {
    const t = callTargetOf({ kind: 'template', name: 'file:///{path}' }, LISTS);
    expect(t?.title).toBe('Files');
    expect(t?.build({ path: 'a.txt' })).toEqual({ method: 'resources/read', params: { uri: 'file:///a.txt' } });
  });

  it('has no target when nothing is picked or the list does not hold the pick', () => {
    expect(callTargetOf(null, LISTS)).toBeNull();
    expect(callTargetOf({ kind: 'tool', name: 'gone' }, LISTS)).toBeNull();
    expect(callTargetOf({ kind: 'tool', name: 'echo' }, { tools: undefined, prompts: [], templates: [] })).toBeNull();
  });
});
