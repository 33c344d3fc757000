import type { TimedLogLine } from './server-log-reason.ts';

/** What `POST /__stdio/log` answers for each stdio server the command line started (the node bridge writes it, the page reads it). */
export interface StdioStatus {
  command: string;
  running: boolean;
  /** the server closed its stdin while running: nothing can be sent to it any more (`running` is false) */
  stdinClosed?: boolean;
  exitCode?: number | null;
  signal?: string | null;
  stderr: string;
  /** characters dropped from the start of stderr to keep it under the cap */
  droppedChars: number;
  /** the last whole lines of stderr, each with when it came (ms epoch) */
  lines?: TimedLogLine[];
  /** the last notifications the server wrote (newest last), and whether a request's stream carried each */
  notifications: StdioNotification[];
}

export interface StdioNotification {
  at: number;
  method: string;
  /** the notification as the server wrote it (JSON text) */
  message: string;
  /** how many requests in flight carried it back to the page on their SSE stream (0: none was in flight) */
  delivered: number;
}
