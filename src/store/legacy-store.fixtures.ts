/**
 * A store connected to a scripted 2025-11-25 server the way the app connects to one: a LegacySession initialized over
 * the test's fetch and resolved as the era of the connection. Test support only.
 */
import { EraConnections } from '../client/legacy/era-connections.ts';
import { LegacySession } from '../client/legacy/legacy-session.ts';
import type { FetchLike } from '../client/send-leg.ts';
import { createInspectorStore } from './inspector-store.ts';

/** A JSON answer of the scripted server (with extra headers, e.g. mcp-session-id). */
export const json = (value: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json', ...headers } });

/**
 * An SSE answer of the scripted server: each message `write` sends is one `data:` event, in order; the stream ends
 * when `write` is done, unless `open` keeps it open (a session's standalone GET).
 */
export function sseAnswer(write: (send: (message: unknown) => void) => Promise<void> | void, open = false): Response {
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      await write((m) => controller.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(m)}\n\n`)));
      if (!open) controller.close();
    },
  });
  return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
}

export async function connectedLegacyStore(
  url: string,
  fetch: FetchLike,
  options: {
    /** declared in initialize (none by default) */
    capabilities?: Record<string, unknown>;
    /** after initialize, before the era resolves: e.g. open the session's standalone stream */
    initialized?: (session: LegacySession, eras: EraConnections) => void;
  } = {},
) {
  const eras = new EraConnections();
  const store = createInspectorStore(
    { fetchFor: () => fetch, now: () => Date.now(), eras },
    { connectedUrl: url, savedRoots: [] },
  );
  let session!: LegacySession;
  await eras.resolve('k', async (record) => {
    session = new LegacySession({
      url,
      fetch,
      clientInfo: { name: 'c', version: '1' },
      capabilities: options.capabilities ?? {},
      onExchange: record,
    });
    await session.initialize();
    options.initialized?.(session, eras);
    return { era: 'legacy', url, session, reason: 'test', handshake: [] };
  });
  await Promise.resolve();
  return { store, session, eras };
}
