import { describe, expect, it } from 'vitest';
import type { SessionState } from '../model.ts';
import { holdsRecording, importOrigin, type ImportedConversation } from './import-origin.ts';
import { testSession } from './session.fixtures.ts';

const origin = { source: 'file', name: 'run.json', at: 1 } as const;

function withFirstImported(session: SessionState): SessionState {
  const id = session.order[0]!;
  const imported: ImportedConversation = { ...session.conversations[id]!, imported: origin };
  return { ...session, conversations: { ...session.conversations, [id]: imported } };
}

describe('holdsRecording', () => {
  it('is false when every conversation was made live', () => {
    expect(holdsRecording(testSession())).toBe(false);
  });

  it('is true when one conversation was imported', () => {
    const session = withFirstImported(testSession());
    expect(holdsRecording(session)).toBe(true);
    expect(importOrigin(session.conversations[session.order[0]!]!)).toEqual(origin);
  });

  it('answers again when the conversations record is replaced', () => {
    const live = testSession();
    expect(holdsRecording(live)).toBe(false);
    expect(holdsRecording(withFirstImported(live))).toBe(true);
  });
});
