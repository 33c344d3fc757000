/**
 * 2025-11-25 serving for the main endpoint: a sessionful streamable HTTP wiring (SDK
 * `WebStandardStreamableHTTPServerTransport` with a session id generator), one `McpServer` per session, built by the
 * same `build()` as the 2026-07-28 path, so the same tools serve both eras. A tool that asks for input with
 * `inputRequired(...)` is fulfilled by the SDK's legacy shim on these connections: the server pushes real
 * `elicitation/create` / `sampling/createMessage` / `roots/list` requests on the POST's SSE stream and the client
 * answers each with a JSON-RPC response in a new POST.
 *
 * Sessions: `initialize` creates one (`Mcp-Session-Id` in the response), every later request must carry the id
 * (missing: 400, unknown or ended: 404), `GET` opens the standalone stream, `DELETE` ends the session. SSE events
 * carry ids from an in-memory event store, so a client that lost a stream resumes with `Last-Event-ID`; the priming
 * event carries the `retry` field (`retryMs`).
 *
 * Why not the SDK's `legacy: 'stateless'`: per-request legacy serving cannot receive the client's answer to a pushed
 * request (the answer arrives in another POST, at another instance), so every input-needing tool would fail there.
 */
import {
  WebStandardStreamableHTTPServerTransport,
  type EventStore,
  type JSONRPCMessage,
  type McpServer,
} from '@modelcontextprotocol/server';
import { isJsonObject } from '../../protocol/types.ts';

export interface LegacySessionsOptions {
  /** Builds the server of a new session (the same factory as the modern path). */
  build: () => McpServer;
  /** The SSE `retry` hint, in ms, sent on every stream's priming event. Default 1000. */
  retryMs?: number;
  /** Most sessions kept; the oldest is closed past it. Default 256. */
  maxSessions?: number;
  log?: (line: string) => void;
}

export interface LegacySessions {
  handle(request: Request, parsedBody: unknown): Promise<Response>;
  /** Live session ids (tests, diagnostics). */
  ids(): string[];
  close(): Promise<void>;
}

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  server: McpServer;
}

/** Keeps every event of a session (bounded), so a stream can be replayed after `Last-Event-ID`. */
function createMemoryEventStore(maxEvents = 2000): EventStore {
  const events: { id: string; stream: string; message: JSONRPCMessage }[] = [];
  let counter = 0;
  return {
    async storeEvent(stream, message) {
      const id = `${stream}_${++counter}`;
      events.push({ id, stream, message });
      if (events.length > maxEvents) events.splice(0, events.length - maxEvents);
      return id;
    },
    async getStreamIdForEventId(eventId) {
      return events.find((e) => e.id === eventId)?.stream;
    },
    async replayEventsAfter(lastEventId, { send }) {
      const at = events.findIndex((e) => e.id === lastEventId);
      if (at < 0) return '';
      const stream = events[at]!.stream;
      for (const e of events.slice(at + 1)) if (e.stream === stream) await send(e.id, e.message);
      return stream;
    },
  };
}

function jsonRpcError(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function isInitialize(body: unknown): boolean {
  return isJsonObject(body) && (body as { method?: unknown }).method === 'initialize';
}

export function createLegacySessions(opts: LegacySessionsOptions): LegacySessions {
  const sessions = new Map<string, Session>();
  const log = opts.log ?? (() => {});
  const maxSessions = opts.maxSessions ?? 256;

  const end = async (id: string): Promise<void> => {
    const s = sessions.get(id);
    if (!s) return;
    sessions.delete(id);
    await s.server.close().catch(() => {});
  };

  const open = async (request: Request, parsedBody: unknown): Promise<Response> => {
    const server = opts.build();
    let created: string | undefined;
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => globalThis.crypto.randomUUID(),
      eventStore: createMemoryEventStore(),
      retryInterval: opts.retryMs ?? 1000,
      onsessioninitialized: (id) => {
        created = id;
        sessions.set(id, { transport, server });
        log(`[legacy] session ${id} opened`);
        while (sessions.size > maxSessions) void end(sessions.keys().next().value!);
      },
      onsessionclosed: (id) => {
        log(`[legacy] session ${id} closed by DELETE`);
        void end(id);
      },
    });
    await server.connect(transport);
    const res = await transport.handleRequest(request, { parsedBody });
    if (created === undefined) await server.close().catch(() => {}); // the initialize was refused
    return res;
  };

  return {
    async handle(request, parsedBody) {
      const id = request.headers.get('mcp-session-id');
      if (id === null) {
        if (request.method === 'POST' && isInitialize(parsedBody)) return open(request, parsedBody);
        return jsonRpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required (send initialize first)');
      }
      const session = sessions.get(id);
      if (!session) return jsonRpcError(404, -32001, 'Session not found: it ended or never existed; initialize again');
      return session.transport.handleRequest(request, parsedBody === undefined ? undefined : { parsedBody });
    },
    ids: () => [...sessions.keys()],
    async close() {
      await Promise.all([...sessions.keys()].map(end));
    },
  };
}
