/** The page's side of the command line's stdio log (`POST /__stdio/log`, relay token): each server's stderr. */
import { STDIO_LOG_PATH } from '../protocol/relay-paths.ts';

export interface StdioServerLog {
  url: string;
  command: string;
  running: boolean;
  exitCode?: number | null;
  signal?: string | null;
  stderr: string;
  droppedChars: number;
  /** the server's last notifications; `delivered`: how many calls in flight carried it on their SSE stream */
  notifications?: { at: number; method: string; message: string; delivered: number }[];
}

export async function fetchStdioLog(
  token: string,
  fetchImpl: typeof fetch = (i, init) => fetch(i, init),
): Promise<StdioServerLog[]> {
  const res = await fetchImpl(STDIO_LOG_PATH, { method: 'POST', headers: { 'x-relay-token': token } });
  if (!res.ok) throw new Error(`the stdio log answered ${res.status} ${res.headers.get('x-relay-error') ?? ''}`.trim());
  const body = (await res.json()) as { servers?: unknown };
  if (!Array.isArray(body.servers)) throw new Error('the stdio log answered without a "servers" list');
  return body.servers as StdioServerLog[];
}
