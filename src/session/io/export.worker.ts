/**
 * Worker entry: builds an export (session file or HAR) off the page's main thread and posts it back as a Blob, which
 * crosses by reference: the page pays only for the structured clone of the session it posts. The building itself is
 * the pure `buildExport`; this file only moves data in and out.
 */
import { buildExport, type ExportRequest } from './export-build.ts';

export type ExportWorkerReply = { kind: 'built'; blob: Blob; count: number } | { kind: 'failed'; error: string };

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<ExportRequest>) => void) | null;
  postMessage(message: ExportWorkerReply): void;
};

scope.onmessage = (event) => {
  try {
    const built = buildExport(event.data);
    scope.postMessage({ kind: 'built', blob: new Blob([built.text], { type: built.mimeType }), count: built.count });
  } catch (err) {
    scope.postMessage({ kind: 'failed', error: err instanceof Error ? err.message : String(err) });
  }
};
