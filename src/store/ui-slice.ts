import type { StateCreator } from 'zustand';
import type { FocusIntent } from '../session/focus.ts';
import { emptyFilter, type TimelineFilter } from '../session/timeline/timeline-filter.ts';
import type { InspectorState } from './inspector-store.ts';

interface Selection {
  kind: 'tool' | 'prompt' | 'resource' | 'template';
  /** tool/prompt name, resource uri or template uriTemplate */
  name: string;
}

export interface UiSlice {
  /** the tool, prompt or resource picked in the sidebar */
  selection: Selection | null;
  selectedConversationId: string | null;
  selectedLegId: string | null;
  /** timeline filter and search; default: nothing filtered */
  timelineFilter: TimelineFilter;
  /** conversations folded to one row in the timeline; default: none, so a new conversation shows its legs */
  collapsedConversations: Record<string, boolean>;
  /** the leg pinned as the base of the leg diff; default null (= the previous leg of the same conversation) */
  diffBaseLegId: string | null;
  /**
   * counts the user's picks in the sidebar (also a second pick of the same entry), so the call panel can move focus
   * to the picked entry's first field; default 0
   */
  selectionNonce: number;
  /**
   * the arguments typed per target (`kind:name`), kept while switching between tools for the tab's lifetime; memory
   * only, never saved (arguments can hold anything, secrets included); default none
   */
  callArguments: Record<string, Record<string, unknown>>;
  /** where keyboard focus should go next (applied after render by the app's focus hook); default none */
  focusIntent: FocusIntent | null;
  select: (selection: Selection | null) => void;
  selectConversation: (id: string | null) => void;
  selectLeg: (id: string | null) => void;
  setTimelineFilter: (patch: Partial<TimelineFilter>) => void;
  toggleConversation: (id: string) => void;
  /** collapse the given conversations (all = every id passed), or expand all with an empty list */
  setCollapsed: (ids: string[]) => void;
  setDiffBase: (legId: string | null) => void;
  setCallArguments: (targetKey: string, values: Record<string, unknown>) => void;
}

export const createUiSlice: StateCreator<InspectorState, [], [], UiSlice> = (set) => ({
  selection: null,
  selectedConversationId: null,
  selectedLegId: null,
  timelineFilter: emptyFilter,
  collapsedConversations: {},
  diffBaseLegId: null,
  selectionNonce: 0,
  callArguments: {},
  focusIntent: null,
  select: (selection) => set((s) => ({ selection, selectionNonce: s.selectionNonce + 1 })),
  selectConversation: (selectedConversationId) => set({ selectedConversationId }),
  selectLeg: (selectedLegId) => set({ selectedLegId }),
  setTimelineFilter: (patch) => set((s) => ({ timelineFilter: { ...s.timelineFilter, ...patch } })),
  toggleConversation: (id) =>
    set((s) => {
      const collapsedConversations = { ...s.collapsedConversations };
      if (collapsedConversations[id]) delete collapsedConversations[id];
      else collapsedConversations[id] = true;
      return { collapsedConversations };
    }),
  setCollapsed: (ids) => set({ collapsedConversations: Object.fromEntries(ids.map((id) => [id, true])) }),
  setDiffBase: (diffBaseLegId) => set({ diffBaseLegId }),
  setCallArguments: (targetKey, values) => set((s) => ({ callArguments: { ...s.callArguments, [targetKey]: values } })),
});
