import type { InspectorState, InspectorStore } from './inspector-store.ts';

type ActionKeys = {
  [K in keyof InspectorState]: InspectorState[K] extends (...args: never[]) => unknown ? K : never;
}[keyof InspectorState];

/** Every action of the store (its function-valued fields), the way GraphiQL's `useGraphiQLActions` hands them out. */
export type InspectorActions = Pick<InspectorState, ActionKeys>;

/**
 * The store's actions as one stable object. Each one looks the action up when called, so a component that holds this
 * object never reads state through it and never needs `getState()`.
 */
export function actionsOf(store: InspectorStore): InspectorActions {
  const state = store.getState();
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(state) as (keyof InspectorState)[]) {
    if (typeof state[key] !== 'function') continue;
    out[key] = (...args: unknown[]) => (store.getState()[key] as (...a: unknown[]) => unknown)(...args);
  }
  return out as InspectorActions;
}
