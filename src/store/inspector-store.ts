import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FetchLike } from '../client/send-leg.ts';
import { createConnectionSlice, type ConnectionSlice, type TransportMode } from './connection-slice.ts';
import { createSessionSlice, type SessionSlice } from './session-slice.ts';
import { createTaskSlice, type TaskSlice } from './task-slice.ts';
import { createUiSlice, type UiSlice } from './ui-slice.ts';

export type InspectorState = ConnectionSlice & SessionSlice & TaskSlice & UiSlice;

/** What the store needs from the outside world, injected so tests can pass fakes. */
export interface InspectorDeps {
  fetchFor: (mode: TransportMode) => FetchLike;
  now: () => number;
  /** per-leg timeout in ms */
  timeoutMs?: number;
}

export type InspectorStore = StoreApi<InspectorState>;

/** One store built from slices (zustand slices pattern); created once in the composition root. */
export function createInspectorStore(deps: InspectorDeps, initial?: Partial<InspectorState>): InspectorStore {
  const store = createStore<InspectorState>()((...a) => ({
    ...createConnectionSlice(...a),
    ...createSessionSlice(deps)(...a),
    ...createTaskSlice(deps)(...a),
    ...createUiSlice(...a),
  }));
  if (initial) store.setState(initial);
  return store;
}
