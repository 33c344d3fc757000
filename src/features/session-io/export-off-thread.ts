import type { ExportRequest } from '../../session/io/export-build.ts';
import type { ExportWorkerReply } from './export.worker.ts';
import { askWorkerOnce } from '../../lib/ask-worker-once.ts';

const exportCodec = () => import('../../session/io/export-build.ts');

export interface ExportFile {
  blob: Blob;
  /** conversations in the session file, or entries (legs) in the HAR */
  count: number;
}

/** On the main thread: what the worker does, for environments without `Worker` (node, jsdom) or when it fails. */
async function buildHere(req: ExportRequest): Promise<ExportFile> {
  const { buildExport } = await exportCodec();
  const built = buildExport(req);
  return { blob: new Blob([built.text], { type: built.mimeType }), count: built.count };
}

function buildInWorker(req: ExportRequest): Promise<ExportWorkerReply> {
  const start = () => new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module', name: 'export' });
  // a session holding a 32 MB stream was one 150-200 ms clone when posted whole
  return askWorkerOnce<ExportWorkerReply>(start, req, 'export', { inPieces: true });
}

/**
 * Build a session file or HAR in a Web Worker: redaction, conversion, `JSON.stringify` and the Blob's encoding of a
 * 32 MB stream's session happen off the page's main thread (they were a multi-second frame on it). Same file and
 * count as building it here, which is also the fallback where there is no `Worker` or the worker cannot start; an
 * error thrown while building is thrown here too.
 */
export async function exportOffThread(req: ExportRequest): Promise<ExportFile> {
  if (typeof Worker === 'undefined') return buildHere(req);
  let reply: ExportWorkerReply;
  try {
    reply = await buildInWorker(req);
  } catch {
    return buildHere(req);
  }
  if (reply.kind === 'failed') throw new Error(reply.error);
  return { blob: reply.blob, count: reply.count };
}
