import type { Draft } from './model.ts';
import { changedParts, editedPartNames, unansweredKeys } from './selectors.ts';

/** "Hold each leg": `always` holds every leg until it is sent by hand; `edits` holds only a leg that was edited. */
export type HoldMode = 'always' | 'edits';

/**
 * What of the next leg was changed by hand: params, headers, id, capabilities, requestState, a raw body, or answers
 * typed in the JSON editor. Answers given through the forms are not edits. A leg with any of these is always held,
 * whatever the setting: a one-step send never carries an edit the user has not reviewed in the composer.
 */
export function editsOf(d: Draft): string[] {
  const parts = editedPartNames(changedParts(d));
  if (d.requestState !== d.originalRequestState) parts.push('requestState');
  if (d.bodyOverride !== undefined) parts.push('body');
  return parts;
}

export type AfterAnswer =
  | { send: true }
  | { send: false; reason: 'unanswered' | 'hold-always' }
  | { send: false; reason: 'edited'; edits: string[]; message: string };

/**
 * Once an answer is recorded: does the round go out at once? Only when every request of the round is answered, and
 * either the user asked for it ("Accept and send") or the connection holds legs only on edits, and nothing of the leg
 * was edited. An edited leg is held and the message says what was edited.
 */
export function afterAnswer(d: Draft, mode: HoldMode, explicitSend: boolean): AfterAnswer {
  if (unansweredKeys(d).length > 0) return { send: false, reason: 'unanswered' };
  const edits = editsOf(d);
  if (edits.length > 0) {
    return {
      send: false,
      reason: 'edited',
      edits,
      message: `Held: you edited ${edits.join(', ')} on this leg. Review it below and press Send retry.`,
    };
  }
  if (explicitSend || mode === 'edits') return { send: true };
  return { send: false, reason: 'hold-always' };
}
