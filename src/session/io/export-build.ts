/**
 * The text of an export (session file or HAR), built from the session as the toolbar asks for it: redaction,
 * conversion and `JSON.stringify` in one pure function, so it can run in a worker (features/session-io/export.worker.ts) and, where there
 * is none, on the page. A 32 MB stream made a multi-second frame when all of it ran on the page.
 */
import type { SessionState } from '../model.ts';
import { toHar } from './har.ts';
import { redactSession } from './redact.ts';
import { serializeSessionFile, toSessionFile } from './session-file.ts';

export type ExportRequest =
  | { kind: 'session'; session: SessionState; includeSecrets: boolean; notSecret: readonly string[]; now: number }
  | {
      kind: 'har';
      session: SessionState;
      includeSecrets: boolean;
      notSecret: readonly string[];
      conversationId?: string;
    };

export interface ExportBuilt {
  text: string;
  mimeType: string;
  /** conversations in the session file, or entries (legs) in the HAR */
  count: number;
}

export function buildExport(req: ExportRequest): ExportBuilt {
  if (req.kind === 'session') {
    const session = req.includeSecrets ? req.session : redactSession(req.session, req.notSecret);
    const file = toSessionFile(session, { redacted: !req.includeSecrets, now: req.now });
    return { text: serializeSessionFile(file), mimeType: 'application/json', count: session.order.length };
  }
  const har = toHar(req.session, {
    includeSecrets: req.includeSecrets,
    notSecret: req.notSecret,
    ...(req.conversationId ? { conversationId: req.conversationId } : {}),
  });
  return { text: JSON.stringify(har, null, 2), mimeType: 'application/json', count: har.log.entries.length };
}
