import type { Conversation, SessionState } from '../model.ts';

/** Where an imported conversation came from (an optional field the model keeps as plain data). */
export interface ImportOrigin {
  source: 'file' | 'link' | 'demo';
  name: string;
  at: number;
}

export type ImportedConversation = Conversation & { imported?: ImportOrigin };

export function importOrigin(conversation: Conversation): ImportOrigin | undefined {
  return (conversation as ImportedConversation).imported;
}

// one answer per `conversations` record: the record is replaced whenever a conversation changes, so the scan runs once
// per change of the session, not on every store update
const scanned = new WeakMap<SessionState['conversations'], boolean>();

/** True when the session holds a recording (an imported conversation): only then can a call be compared with one. */
export function holdsRecording(session: SessionState): boolean {
  const known = scanned.get(session.conversations);
  if (known !== undefined) return known;
  const found = Object.values(session.conversations).some((c) => importOrigin(c) !== undefined);
  scanned.set(session.conversations, found);
  return found;
}
