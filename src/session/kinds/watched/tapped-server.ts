/**
 * Where a watched call's fork, audit or replay goes. A proxy-watched call's server is a URL the page can connect to.
 * A tapped call's server (`mrtr-inspector tap -- <command>`) is a process the desktop host launched and speaks to
 * over its own pipes: the page cannot reach it, so the call goes to a fresh instance of the same server that the
 * running tap launches the same way (src/node/tap/tap-fresh.ts), or nowhere, with the reason, once no tap runs it.
 */
import { TAP_TARGET_PREFIX, type ProxyInfo } from '../../../protocol/proxy-wire.ts';
import { redactUrl } from '../../io/redact.ts';

export type WatchedServer =
  /** connect to this URL (a proxy's target) */
  | { kind: 'url'; url: string }
  /** ask the running tap `tapId` for a fresh instance of `command` */
  | { kind: 'tap'; tapId: string; command: string }
  /** tapped, and no tap runs its server now: what to say */
  | { kind: 'unreachable'; message: string };

/**
 * The command a tapped conversation's server was launched with (a secret in it masked, as everywhere it is shown or
 * saved), or undefined when the server is a URL.
 */
export function tappedCommandOf(serverUrl: string): string | undefined {
  return serverUrl.startsWith(TAP_TARGET_PREFIX) ? redactUrl(serverUrl).slice(TAP_TARGET_PREFIX.length) : undefined;
}

/** A fresh instance's URL inside the relay (`<app>/__tap/<tap>/<n>/mcp`). */
export function isFreshInstanceUrl(url: string): boolean {
  return /\/__tap\/[^/]+\/\d+\/mcp$/.test(url.split(/[?#]/)[0] ?? '');
}

/**
 * Where the call of a watched conversation (its server, and the proxy or tap it came through) goes, given the
 * proxies and taps running now: its tap when it still runs (the same command), else the newest running tap of the
 * same command (the host launched it again, or the session was saved and opened again), else nowhere.
 */
export function watchedServerOf(
  conversation: { serverUrl: string; watched?: { proxyId: string } | undefined },
  running: readonly ProxyInfo[],
): WatchedServer {
  const command = tappedCommandOf(conversation.serverUrl);
  if (command === undefined) return { kind: 'url', url: conversation.serverUrl };
  // a saved session keeps the command with its secrets masked: the taps are matched as they would be saved
  const taps = running.filter((p) => p.tap && !p.tap.exited && tappedCommandOf(p.target) === command);
  const tap = taps.find((p) => p.id === conversation.watched?.proxyId) ?? taps.at(-1);
  if (tap) return { kind: 'tap', tapId: tap.id, command };
  return {
    kind: 'unreachable',
    message:
      `This call was tapped from the stdio server "${command}", and no tap runs it now: the page reaches a tapped ` +
      'server only through a fresh instance its running tap launches. Start its host again (it launches the tap), ' +
      'then try again.',
  };
}
