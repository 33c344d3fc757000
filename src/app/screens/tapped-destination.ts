/**
 * The composer's destination line for a tapped conversation's leg (its server is a stdio process a desktop host
 * launched through `mrtr-inspector tap`, which the page cannot reach): it goes to a fresh instance of that server,
 * launched by the tap the same way, and the line says so; or, still aimed at the tapped process, it says how to reach
 * a fresh instance.
 */
import type { ComposerDestination } from '../../features/composer/composer.tsx';
import { isFreshInstanceUrl, tappedCommandOf } from '../../session/kinds/watched/tapped-server.ts';
import type { LegTarget } from '../../store/leg-context.ts';

/** The line for a tapped conversation's leg; undefined when it is not tapped, or its leg was aimed by hand. */
export function tappedDestinationOf(target: LegTarget): { destination: ComposerDestination } | undefined {
  const command = tappedCommandOf(target.own);
  if (command === undefined) return undefined;
  if (isFreshInstanceUrl(target.url))
    return {
      destination: {
        note:
          `This leg goes to ${target.url}, a fresh instance of the tapped server "${command}" that its tap launched ` +
          "the same way (same command, environment and directory): the host's own server process is not reachable " +
          'from the page.',
      },
    };
  if (target.url !== target.own) return undefined;
  return {
    destination: {
      note:
        `This leg's server is the tapped stdio server "${command}", which the page cannot reach. Select the call's ` +
        'leg in the Timeline and fork it into the composer again: it goes to a fresh instance its tap launches.',
    },
  };
}
