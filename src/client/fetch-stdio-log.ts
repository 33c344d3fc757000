/** The page's side of the command line's stdio log (`POST /__stdio/log`, relay token): each server's stderr. */
import { STDIO_LOG_PATH } from '../protocol/relay-paths.ts';
import type { StdioStatus } from '../protocol/stdio-log.ts';

/** One server's status as the stdio log answers it, with the URL the relay offers it at. */
export interface StdioServerLog extends StdioStatus {
  url: string;
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
