/**
 * A recorded HTTP exchange: exactly what went out and what came back. Plain serialisable data, so a session can be
 * saved, exported (HAR) and replayed.
 */
export type HeaderList = [name: string, value: string][];

export interface RecordedRequest {
  url: string;
  /** POST for every leg the app sends; a watched client's 2025-11-25 session also GETs (its stream) and DELETEs */
  method: 'POST' | 'GET' | 'DELETE';
  headers: HeaderList;
  /** the body bytes as sent (UTF-8 text) */
  body: string;
}

export interface SseEventRecord {
  event?: string;
  id?: string;
  data: string;
  /** ms since the request started */
  at: number;
}

/** An SSE event of a leg in flight, with its JSON-RPC message when the sender already parsed it (never recorded). */
export interface LiveSseEvent extends SseEventRecord {
  message?: unknown;
}

export interface RecordedResponse {
  status: number;
  statusText: string;
  headers: HeaderList;
  contentType: string;
  /** raw body text (for SSE: the whole stream as received) */
  body: string;
  /** body size in bytes */
  size: number;
  sseEvents?: SseEventRecord[];
  /** true when an SSE stream ended before it carried the response message */
  truncated?: boolean;
}

interface TransportFailure {
  /** `too_large`: a direct response past the page's size cap, stopped by the inspector */
  kind: 'network' | 'abort' | 'timeout' | 'stream' | 'too_large';
  message: string;
}

export interface Exchange {
  request: RecordedRequest;
  response?: RecordedResponse;
  failure?: TransportFailure;
  /** epoch ms when the request was sent */
  startedAt: number;
  /** ms from start to response headers */
  headersMs?: number;
  /** ms from start to the end of the body */
  durationMs: number;
  /** true when it went through the local relay instead of directly */
  viaRelay?: boolean;
  /** the JSON-RPC message extracted from the body or the SSE stream, if any parsed */
  message?: unknown;
  /** JSON-RPC notifications received on the SSE stream */
  notifications?: unknown[];
}

export function headerValue(headers: HeaderList, name: string): string | undefined {
  const lower = name.toLowerCase();
  return headers.find(([k]) => k.toLowerCase() === lower)?.[1];
}
