import type { StateCreator } from 'zustand';
import { newId } from '../lib/ids.ts';
import { mergeSessions } from '../session/io/merge.ts';
import { emptySession, type SessionState } from '../session/model.ts';
import type { InspectorState } from './inspector-store.ts';
import { notSecretNames } from './persistence/persisted-settings.ts';
import type { ImportOrigin } from '../session/io/import-origin.ts';

/** What an export, a HAR or a share link is made from, read when the user asks for one. */
interface ExportSource {
  session: SessionState;
  selectedConversationId: string | null;
  /** header and parameter names the user marked as not secret (kept in redacted exports) */
  notSecret: string[];
}

/**
 * The session as a whole: selection moves, imports and share links merged in, clearing, and what exports read. No
 * state of its own: these actions keep the hooks that export, import and navigate free of `getState()`.
 */
export interface SessionIoSlice {
  /** show a leg of a conversation (both selected at once) */
  showLeg: (conversationId: string | null, legId: string | null) => void;
  /**
   * Add `incoming`'s conversations to the session (an imported file, a share link) and show the first of them (or
   * the first that was already here) at its last leg; returns how many conversations were new.
   */
  adoptSession: (incoming: SessionState, origin: ImportOrigin) => number;
  /** empty the session, the selection and the run notes; connection settings stay */
  clearSession: () => void;
  exportSource: () => ExportSource;
}

export const createSessionIoSlice: StateCreator<InspectorState, [], [], SessionIoSlice> = (set, get) => ({
  showLeg: (selectedConversationId, selectedLegId) => set({ selectedConversationId, selectedLegId }),
  adoptSession: (incoming, origin) => {
    const merged = mergeSessions(get().session, incoming, origin, newId);
    get().dispatch({ type: 'session/replaced', state: merged.session });
    const first = merged.added[0] ?? merged.alreadyPresent[0];
    const c = first ? merged.session.conversations[first] : undefined;
    if (c) set({ selectedConversationId: c.id, selectedLegId: c.legIds[c.legIds.length - 1] ?? null });
    return merged.added.length;
  },
  clearSession: () => {
    get().dispatch({ type: 'session/replaced', state: emptySession });
    set({ selectedConversationId: null, selectedLegId: null, runNotes: {} });
  },
  exportSource: () => {
    const s = get();
    return { session: s.session, selectedConversationId: s.selectedConversationId, notSecret: notSecretNames(s) };
  },
});
