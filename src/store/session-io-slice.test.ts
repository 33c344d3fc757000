import { describe, expect, it } from 'vitest';
import { testSession } from '../session/io/session.fixtures.ts';
import { createInspectorStore } from './inspector-store.ts';

const store = () => createInspectorStore({ fetchFor: () => () => Promise.reject(new Error('offline')), now: () => 0 });
const origin = { source: 'file' as const, name: 'a.json', at: 1 };

describe('session io slice', () => {
  it('adds the conversations and shows the first at its last leg when a session is adopted', () => {
    const s = store();
    const incoming = testSession();
    expect(s.getState().adoptSession(incoming, origin)).toBe(incoming.order.length);
    const { session, selectedConversationId, selectedLegId } = s.getState();
    expect(session.order).toHaveLength(incoming.order.length);
    const shown = session.conversations[selectedConversationId ?? ''];
    expect(shown?.id).toBe(session.order[0]);
    expect(selectedLegId).toBe(shown?.legIds[shown.legIds.length - 1]);
  });

  it('adds nothing and still shows the conversation when the same session is adopted twice', () => {
    const s = store();
    s.getState().adoptSession(testSession(), origin);
    s.getState().showLeg(null, null);
    expect(s.getState().adoptSession(testSession(), origin)).toBe(0);
    expect(s.getState().selectedConversationId).toBe(s.getState().session.order[0]);
  });

  it('empties the session, the selection and the run notes when cleared', () => {
    const s = store();
    s.getState().adoptSession(testSession(), origin);
    s.setState({ runNotes: { x: { kind: 'finished', message: 'm' } } });
    s.getState().clearSession();
    const st = s.getState();
    expect([st.session.order, st.selectedConversationId, st.selectedLegId, st.runNotes]).toEqual([[], null, null, {}]);
  });

  it('hands exports the session, the selection and the names marked not secret when asked', () => {
    const s = store();
    s.getState().adoptSession(testSession(), origin);
    s.setState({ notSecret: ['x-trace'] });
    const src = s.getState().exportSource();
    expect(src.session).toBe(s.getState().session);
    expect(src.selectedConversationId).toBe(s.getState().session.order[0]);
    expect(src.notSecret).toContain('x-trace');
  });
});
