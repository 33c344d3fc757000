/**
 * Worker entry: builds an export (session file or HAR) off the page's main thread and posts it back as a Blob, which
 * crosses by reference: the page pays only for the structured clone of the session it posts, its long strings in
 * pieces over several tasks. The building itself is the pure `buildExport`; this file only moves data in and out.
 */
import { createPieceReceiver } from '../../lib/post-in-pieces.ts';
import { buildExport, type ExportRequest } from '../../session/io/export-build.ts';

export type ExportWorkerReply = { kind: 'built'; blob: Blob; count: number } | { kind: 'failed'; error: string };

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: ExportWorkerReply): void;
};

// the request arrives in pieces (post-in-pieces.ts): its long strings after the rest
const receive = createPieceReceiver();

scope.onmessage = (event) => {
  const received = receive(event.data);
  if (!received) return;
  try {
    const built = buildExport(received.message as ExportRequest);
    scope.postMessage({ kind: 'built', blob: new Blob([built.text], { type: built.mimeType }), count: built.count });
  } catch (err) {
    scope.postMessage({ kind: 'failed', error: err instanceof Error ? err.message : String(err) });
  }
};
