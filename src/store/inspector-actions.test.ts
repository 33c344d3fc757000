import { describe, expect, it } from 'vitest';
import { actionsOf } from './inspector-actions.ts';
import { createInspectorStore } from './inspector-store.ts';

const store = () => createInspectorStore({ fetchFor: () => fetch, now: () => 0 });

describe('actionsOf', () => {
  it('hands out every action and no state when built from the store', () => {
    const actions = actionsOf(store()) as unknown as Record<string, unknown>;
    expect(typeof actions.startCall).toBe('function');
    expect(typeof actions.setTimelineFilter).toBe('function');
    expect(actions.session).toBeUndefined();
    expect(actions.roundCap).toBeUndefined();
  });

  it('changes the store when an action is called through it', () => {
    const s = store();
    actionsOf(s).setRoundCap(3);
    expect(s.getState().roundCap).toBe(3);
  });
});
