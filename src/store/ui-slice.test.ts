import { describe, expect, it } from 'vitest';
import { createInspectorStore } from './inspector-store.ts';
import { uiOf } from './persistence/persisted-settings.ts';

const store = () => createInspectorStore({ fetchFor: () => () => Promise.reject(new Error('offline')), now: () => 0 });

describe('ui slice', () => {
  it('keeps arguments per target when the user switches between tools', () => {
    const s = store();
    s.getState().setCallArguments('tool:provision', { name: 'keepme' });
    s.getState().select({ kind: 'tool', name: 'slow_job' });
    s.getState().setCallArguments('tool:slow_job', { steps: 2 });
    s.getState().select({ kind: 'tool', name: 'provision' });
    expect(s.getState().callArguments).toEqual({ 'tool:provision': { name: 'keepme' }, 'tool:slow_job': { steps: 2 } });
  });

  it('never puts typed arguments in what is saved when they may hold secrets', () => {
    const s = store();
    s.getState().setCallArguments('tool:login', { password: 'hunter2' });
    expect(JSON.stringify(uiOf(s.getState()))).not.toContain('hunter2');
  });

  it('counts every pick, also a second pick of the same entry, when the user selects in the sidebar', () => {
    const s = store();
    s.getState().select({ kind: 'tool', name: 'provision' });
    s.getState().select({ kind: 'tool', name: 'provision' });
    expect(s.getState().selectionNonce).toBe(2);
  });
});
