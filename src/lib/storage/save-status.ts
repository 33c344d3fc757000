/**
 * What the autosave says, as plain data: the store's persistence sets it, the session toolbar shows it.
 */

/**
 * 'open-elsewhere': another tab was saving when this one opened; 'taken-over': another tab took saving from this one;
 * 'other-closed': the saving tab closed and this tab holds the lock, but waits for the user to choose between the
 * saved session and its own (possibly older) one before it writes anything.
 */
export type OtherTabSituation = 'open-elsewhere' | 'taken-over' | 'other-closed';

/** The autosave's state: nothing yet, saving, saved (what), failed (why), or not saving because of another tab. */
export type PersistenceStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: number; conversations: number; legs: number }
  | { kind: 'error'; message: string }
  /** not saving: another tab writes the session, or this tab waits for the user's choice after that tab closed */
  | { kind: 'other-tab'; situation: OtherTabSituation };
