/**
 * The channel between a tap (`mrtr-inspector tap -- <command>`) and the inspector's traffic hub: one loopback TCP
 * connection, opened as an HTTP/1.1 `Upgrade: mrtr-tap` request to `TAP_CONNECT_PATH` carrying the tap secret in
 * `X-Tap-Token`, then newline-delimited JSON both ways. Node-only (the page never speaks it).
 */

export const TAP_CONNECT_PATH = '/__tap/connect';
export const TAP_UPGRADE = 'mrtr-tap';
export const TAP_TOKEN_HEADER = 'x-tap-token';

/** Which side wrote a message: the host (the MCP client that launched the tap) or the server the tap launched. */
export type TapSide = 'host' | 'server';

/** What a tap tells the hub. */
export type TapToHub =
  /**
   * first on every connection: what the tap launched, and the first request of the host's that named it (its
   * clientInfo: an initialize, or a 2026-07-28 request's `_meta`) when one already went by
   */
  | {
      t: 'hello';
      command: string[];
      name?: string;
      introduced?: string;
      /** the tap launches fresh instances of its server when asked (`fresh-start`) */
      fresh?: true;
    }
  /**
   * one newline-delimited message as it arrived (its text without the line end). With `hold`, the tap waits for the
   * hub's `decide` under that number before the message goes on
   */
  | { t: 'msg'; from: TapSide; at: number; line: string; hold?: number }
  | { t: 'stderr'; at: number; line: string }
  | { t: 'exit'; at: number; code: number | null; signal: string | null }
  /** a fresh instance of the server (numbered by the hub) started, or could not start */
  | { t: 'fresh-started'; fresh: number }
  | { t: 'fresh-failed'; fresh: number; message: string }
  /** what a fresh instance wrote on its stdout or stderr, as text in the order it came */
  | { t: 'fresh-out' | 'fresh-err'; fresh: number; data: string }
  | { t: 'fresh-exit'; fresh: number; code: number | null; signal: string | null };

/** What the hub tells a tap. */
export type HubToTap =
  | { t: 'holds'; requests: boolean; responses: boolean }
  /** the user's decision on a held message: forward it (as `line` when edited) or drop it */
  | { t: 'decide'; hold: number; kind: 'forward' | 'drop'; line?: string }
  /**
   * Launch a fresh instance of the tap's own server: the command, arguments, environment and working directory the
   * tap launched its server with. The message names none of them: the hub can ask for a fresh instance, never for a
   * command of its own choosing.
   */
  | { t: 'fresh-start'; fresh: number }
  /** bytes for a fresh instance's stdin (text), its stdin closed, or a signal for it (SIGTERM or SIGKILL only) */
  | { t: 'fresh-in'; fresh: number; data: string }
  | { t: 'fresh-end'; fresh: number }
  | { t: 'fresh-kill'; fresh: number; signal: 'SIGTERM' | 'SIGKILL' };
