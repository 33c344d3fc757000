/**
 * What a session file says about itself, apart from its session. A module of its own (no schemas): autosave writes
 * this header for every save, and loading the codec (zod schemas, 30-50 ms to evaluate on a slow machine) only for
 * these four fields put a long task right after an import.
 */
export const SESSION_FILE_FORMAT = 'mrtr-inspector-session';
export const SESSION_FILE_VERSION = 1;

export interface SessionFileHeader {
  format: typeof SESSION_FILE_FORMAT;
  version: typeof SESSION_FILE_VERSION;
  exportedAt: string;
  redacted: boolean;
}

export function sessionFileHeader(opts: { redacted: boolean; now: number }): SessionFileHeader {
  return {
    format: SESSION_FILE_FORMAT,
    version: SESSION_FILE_VERSION,
    exportedAt: new Date(opts.now).toISOString(),
    redacted: opts.redacted,
  };
}
