import type { StateCreator } from 'zustand';
import type { InspectorState } from './inspector-store.ts';

export interface Selection {
  kind: 'tool' | 'prompt' | 'resource' | 'template';
  /** tool/prompt name, resource uri or template uriTemplate */
  name: string;
}

export interface UiSlice {
  /** the tool, prompt or resource picked in the sidebar */
  selection: Selection | null;
  selectedConversationId: string | null;
  selectedLegId: string | null;
  select: (selection: Selection | null) => void;
  selectConversation: (id: string | null) => void;
  selectLeg: (id: string | null) => void;
}

export const createUiSlice: StateCreator<InspectorState, [], [], UiSlice> = (set) => ({
  selection: null,
  selectedConversationId: null,
  selectedLegId: null,
  select: (selection) => set({ selection }),
  selectConversation: (selectedConversationId) => set({ selectedConversationId }),
  selectLeg: (selectedLegId) => set({ selectedLegId }),
});
