/**
 * What the inspector's proxy (`mrtr-inspector --proxy <server URL>`) tells the page and what the page may ask of it.
 * Shared by the node side (src/node/proxy/) and the page (src/client/proxy-feed.ts); plain JSON both ways.
 *
 * The page reads `POST /__proxy/events` (with `X-Relay-Token`) as a server-sent event stream: one `data:` line of a
 * `ProxyEvent` per event, in order, each with an `id:` line (`proxyEventId`). A page whose stream broke connects again
 * with the last id it got as `Last-Event-ID`, and the stream resumes after it instead of starting with the history. It
 * acts on held items with `POST /__proxy/control` (same token).
 */
import type { HeaderList } from './exchange.ts';

export const PROXY_EVENTS_PATH = '/__proxy/events';
export const PROXY_CONTROL_PATH = '/__proxy/control';

/**
 * An event's place in the stream: `<run>.<n>`, where `run` names the process's record of traffic (a restarted
 * inspector starts a new one, counting from 1 again) and `n` counts its events.
 */
export interface ProxyEventPlace {
  run: string;
  n: number;
}

export function proxyEventId(place: ProxyEventPlace): string {
  return `${place.run}.${place.n}`;
}

/** The place an event id names, or undefined when it is not one. */
export function parseProxyEventId(id: string | undefined): ProxyEventPlace | undefined {
  const match = /^([\w-]{1,64})\.(\d{1,15})$/.exec(id ?? '');
  return match ? { run: match[1]!, n: Number(match[2]) } : undefined;
}

/**
 * The page's key for a watched exchange: its id within its run (`''` when the stream named none). A restarted
 * inspector numbers its exchanges from `x1` again, so an id alone names two exchanges once the page has seen two runs.
 */
export function watchedExchangeKey(run: string, id: string): string {
  return run ? `${run}/${id}` : id;
}

/** A proxy the inspector runs: where clients point (`url`) and the one server it forwards to (`target`). */
export interface ProxyInfo {
  id: string;
  url: string;
  target: string;
  holdRequests: boolean;
  holdResponses: boolean;
  /** requests received from clients, answers passed back, requests refused by the proxy's own checks */
  counts: { requests: number; responses: number; refused: number };
  /** a stdio tap (`mrtr-inspector tap -- <command>`) rather than an HTTP proxy: what it launched, and for whom */
  tap?: TapInfo;
}

/** How a tap's target reads: this, then the server's command line (what the page names the server by). */
export const TAP_TARGET_PREFIX = 'stdio: ';

/**
 * A leg a tap carried over stdio: its request was a line on the server's stdin, with no HTTP headers (the tap names it
 * by its command line; `stdio` alone before the tap said what it launched). The HTTP transport's rules do not apply.
 */
export function carriedOverStdio(request: { url: string }): boolean {
  return request.url === 'stdio' || request.url.startsWith(TAP_TARGET_PREFIX);
}

/** A tap a desktop host launched in place of its stdio server. */
export interface TapInfo {
  /** the server command the tap launched, and its arguments */
  command: string[];
  /** `--name`, when the host's config gave one */
  name?: string;
  /** the host's `clientInfo` from its initialize, once seen: `name version` */
  host?: string;
  /** the server process ended (its exit code, or the signal that ended it) */
  exited?: { code: number | null; signal: string | null };
}

export type HeldStage = 'request' | 'response';

/** How a held item ended: forwarded (edited or not), dropped by the user, or the client stopped waiting. */
export type HeldEnd = 'forwarded' | 'dropped' | 'client-gone';

export type ProxyEvent =
  /** the proxy list changed (a proxy started, a hold setting changed, a count moved) */
  | { type: 'proxies'; proxies: ProxyInfo[] }
  /** a client's request arrived (before it is held or sent) */
  | {
      type: 'request';
      proxyId: string;
      id: string;
      at: number;
      method: string;
      /** the proxy's target: where the request goes */
      url: string;
      headers: HeaderList;
      body: string;
    }
  /** a held item waits for Forward or Drop; `body` and `headers` are what will go on unless edited */
  | {
      type: 'held';
      id: string;
      stage: HeldStage;
      at: number;
      headers: HeaderList;
      body: string;
      status?: number;
      /**
       * the response event of an SSE answer: `body` is that event's data (the JSON-RPC response); the status, the
       * headers and the events before it have already gone to the client, so only the body can still change
       */
      sse?: true;
    }
  | { type: 'released'; id: string; stage: HeldStage; at: number; end: HeldEnd; edited?: boolean }
  /** the request as it finally went to the server, when the user edited it while held */
  | { type: 'request-sent'; id: string; at: number; headers: HeaderList; body: string }
  | { type: 'response-head'; id: string; at: number; status: number; statusText: string; headers: HeaderList }
  /** body text as it arrived (an SSE stream in the pieces it came in) */
  | { type: 'response-chunk'; id: string; at: number; text: string }
  /** the exchange ended: `failure` when no whole answer reached the client (network, limit, client gone, dropped) */
  | { type: 'response-end'; id: string; at: number; failure?: string }
  /**
   * told first to a page that resumes after an event the history no longer holds after it (the page fell behind, was
   * cut off, and the oldest traffic made way for newer): the events numbered from `from` to `to` are lost to it, so
   * the exchanges it had open may never end
   */
  | { type: 'missed'; at: number; from: number; to: number }
  /**
   * a line a tapped server wrote to its stderr (its log), or a line on the tap's stdin or stdout that is no JSON-RPC
   * message (passed on all the same)
   */
  | { type: 'log'; proxyId: string; at: number; line: string; stream: 'stderr' | 'stdout' | 'stdin' };

export type ProxyControl =
  | { action: 'hold'; proxyId: string; requests?: boolean; responses?: boolean }
  /** send the held item on, with the user's edits (absent: as it arrived) */
  | { action: 'forward'; id: string; headers?: HeaderList; body?: string; status?: number }
  | { action: 'drop'; id: string }
  /** start a proxy for the page's current server (the target is fixed from then on) */
  | { action: 'start'; target: string }
  /** stop a proxy: its port closes, what it held is let go (the client's connection ends), its traffic is forgotten */
  | { action: 'stop'; proxyId: string }
  /**
   * a fresh instance of a tap's server, launched by that tap the same way (tap-fresh.ts); answered with its URL inside
   * the relay. It names the tap and nothing else: no command, argument, environment or directory is accepted
   */
  | { action: 'fresh'; proxyId: string };

/**
 * The JSON-RPC error code a client gets when the user drops its request (or the server's answer) in the inspector:
 * outside -32768..-32000, the range JSON-RPC reserves (MCP names -32000..-32019 legacy, and SDKs read -32000 as their
 * own "connection closed" and -32001 as "request timeout"), so it is never taken for a protocol error or an SDK's own.
 * Any other code is the application's; -1 is the plainest, MCP gives it no meaning, and `data.source` (below) says
 * the inspector made it, so a server's own -1 is told apart.
 */
export const DROPPED_CODE = -1;
/** `error.data.source` of every error the inspector makes up itself (never the server's) */
export const INSPECTOR_ERROR_SOURCE = 'mrtr-inspector';
export const DROPPED_MESSAGE = 'Dropped by the MRTR Inspector: the user chose Drop on the held ';
