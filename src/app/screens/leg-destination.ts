/**
 * What the composer says about where its leg goes. A conversation keeps its server: a retry carries the state that
 * server minted and a response answers the request that server asked, so the leg goes there even after the app
 * connected elsewhere, and the composer says so. Sending it to another server instead (a fleet check, a deliberate
 * replay) is a choice made here by hand, shown until it is undone.
 */
import type { ComposerDestination } from '../../features/composer/composer.tsx';
import { kindOf } from '../../session/kinds/registry.ts';
import type { Conversation } from '../../session/model.ts';
import type { LegTarget } from '../../store/leg-context.ts';
import { tappedDestinationOf } from './tapped-destination.ts';

/** The composer's send button, when it is not "Send retry" (a task's answers, a response to a pushed request). */
export function sendLabelOf(conversation: Conversation): { sendLabel?: string } {
  const label = kindOf(conversation).sendLabel?.(conversation);
  return label === undefined ? {} : { sendLabel: label };
}

/**
 * The composer's destination line, or nothing when the leg goes to the server the app is connected to and that
 * server is the conversation's own. `choose(url)` sends the leg elsewhere; `choose(undefined)` back to its own server.
 */
export function destinationOf(
  conversation: Conversation,
  target: LegTarget,
  choose: (url: string | undefined) => void,
): { destination?: ComposerDestination } {
  const { url, own, connected } = target;
  const tapped = tappedDestinationOf(target);
  if (tapped) return tapped;
  if (url !== own) {
    return {
      destination: {
        note: `This leg goes to ${url}, chosen by you: the conversation's server (the one that asked and minted its state) is ${own}.`,
        switchLabel: 'Send to the server that asked',
        onSwitch: () => choose(undefined),
      },
    };
  }
  if (connected === own) return {};
  const elsewhere = connected === null ? 'The app is not connected now.' : `The app is connected to ${connected} now.`;
  const note = `This leg goes to ${own}, the server that asked (it holds this conversation's state). ${elsewhere}`;
  // a leg over a session belongs to that session: it cannot go to another server
  if (connected === null || kindOf(conversation).wire !== 'http') return { destination: { note } };
  return {
    destination: { note, switchLabel: 'Send to the connected server instead', onSwitch: () => choose(connected) },
  };
}
