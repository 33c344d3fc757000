/**
 * Forking and auditing a tapped call (watchedServerOf: its server is a process the page cannot reach): the page asks
 * the running tap for a fresh instance of the same server (the proxies' control, `fresh`), connects to it through the
 * relay (its URL exists only there), and then forks or audits as it would a proxy-watched call. The fork's leg is
 * pointed at the fresh instance, and the composer says where it goes.
 */
import type { WatchedServer } from '../../session/kinds/watched/tapped-server.ts';
import type { InspectorState } from '../inspector-store.ts';
import type { ForkVariant } from '../session-slice.ts';
import type { ProxyDeps } from '../watch-slice.ts';

export interface TappedFlowDeps {
  get: () => InspectorState;
  proxy: ProxyDeps | undefined;
  /** say why nothing happened, in words (the watched clients' error line) */
  fail: (message: string) => void;
}

export interface TappedFlows {
  /** connect the page to a fresh instance of the tapped server; its URL, or undefined (and why, said) */
  connectFresh: (where: Exclude<WatchedServer, { kind: 'url' }>) => Promise<string | undefined>;
  /** fork `legId` into the composer, its leg going to a fresh instance; the branch's id */
  fork: (legId: string, where: Exclude<WatchedServer, { kind: 'url' }>) => Promise<string | undefined>;
  /** fork `legId` and send the branch to a fresh instance at once (Replay round, Decline instead) */
  forkAndSend: (
    legId: string,
    variant: ForkVariant,
    where: Exclude<WatchedServer, { kind: 'url' }>,
  ) => Promise<string | undefined>;
}

export function createTappedFlows({ get, proxy, fail }: TappedFlowDeps): TappedFlows {
  const connectFresh: TappedFlows['connectFresh'] = async (where) => {
    if (where.kind === 'unreachable') {
      fail(where.message);
      return undefined;
    }
    if (!proxy) {
      fail(
        'This page was not served by the inspector (npm start or mrtr-inspector): it cannot ask a tap for anything.',
      );
      return undefined;
    }
    let url: unknown;
    try {
      url = (await proxy.control({ action: 'fresh', proxyId: where.tapId })).url;
    } catch (error) {
      fail(
        `Could not launch a fresh instance of the tapped server "${where.command}": ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
      return undefined;
    }
    if (typeof url !== 'string') {
      fail(`The inspector launched no fresh instance of "${where.command}" (its answer named no URL).`);
      return undefined;
    }
    const s = get();
    // the fresh instance is reached through the relay only (its URL exists nowhere else)
    if (s.transportMode !== 'relay') s.setTransportMode('relay');
    if (get().connectedUrl !== url)
      get().connect(url, {
        note:
          `Connected to a fresh instance of the tapped server "${where.command}", launched by its tap the same way ` +
          "(same command, environment and directory), through the local relay: the host's own server process is " +
          'not reachable from the page.',
      });
    return url;
  };
  return {
    connectFresh,
    fork: async (legId, where) => {
      const url = await connectFresh(where);
      if (url === undefined) return undefined;
      const branch = get().fork(legId);
      // the branch keeps the tapped server as its own; its leg goes to the fresh instance, and the composer says so
      get().dispatch({ type: 'draft/target', conversationId: branch, url });
      return branch;
    },
    forkAndSend: async (legId, variant, where) => {
      const url = await connectFresh(where);
      return url === undefined ? undefined : get().forkAndSend(legId, variant, url);
    },
  };
}
