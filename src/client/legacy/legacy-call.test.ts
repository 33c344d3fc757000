import { describe, expect, it } from 'vitest';
import { LegacyCall } from './legacy-call.ts';
import { LegacySession } from './legacy-session.ts';
import { openStandalone } from './standalone.ts';
import type { PushedRequest } from './messages.ts';

type Call = { method: string; body?: string };

const sse = (text: string) => new Response(text, { headers: { 'content-type': 'text/event-stream' } });
const json = (value: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json', ...headers } });

/** A 2025 server whose tools/call stream pushes `pushed` and ends with the result once the answer was posted. */
function server(opts: { pushOnGet?: boolean } = {}) {
  const calls: Call[] = [];
  let answered: (body: string) => void = () => {};
  const answer = new Promise<string>((r) => (answered = r));
  const pushed = 'data: {"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{"message":"Name?"}}\n\n';
  const fetch = async (_url: string, init: RequestInit) => {
    const call: Call = { method: init.method ?? 'GET', body: init.body as string | undefined };
    calls.push(call);
    const body = call.body ? JSON.parse(call.body) : undefined;
    if (body?.method === 'initialize')
      return json(
        { jsonrpc: '2.0', id: body.id, result: { protocolVersion: '2025-11-25', capabilities: {} } },
        { 'mcp-session-id': 's' },
      );
    if (call.method === 'GET') {
      if (!opts.pushOnGet) return new Response(null, { status: 405 });
      return sse(pushed);
    }
    if (body?.method === 'tools/call') {
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          const enc = new TextEncoder();
          if (!opts.pushOnGet) controller.enqueue(enc.encode(pushed));
          const reply = JSON.parse(await answer) as { result?: { content?: { name?: string } } };
          const text = `hello ${reply.result?.content?.name ?? '?'}`;
          controller.enqueue(
            enc.encode(
              `data: ${JSON.stringify({ jsonrpc: '2.0', id: body.id, result: { content: [{ type: 'text', text }] } })}\n\n`,
            ),
          );
          controller.close();
        },
      });
      return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
    }
    if (body && 'id' in body && !('method' in body)) answered(call.body!);
    return new Response(null, { status: 202 });
  };
  return { calls, fetch };
}

async function session(fetch: ReturnType<typeof server>['fetch']) {
  const s = new LegacySession({
    url: 'http://x/mcp',
    fetch,
    clientInfo: { name: 'c', version: '1' },
    capabilities: {},
  });
  await s.initialize();
  return s;
}

describe('LegacyCall', () => {
  it('hands a pushed request over as a step and posts the response written by hand, byte for byte', async () => {
    const srv = server();
    const call = new LegacyCall(
      await session(srv.fetch),
      'tools/call',
      { name: 't' },
      new AbortController().signal,
      () => 0,
    );
    const step = await call.next();
    expect(step.kind).toBe('pushed');
    if (step.kind !== 'pushed') return;
    expect(step.request).toEqual({ id: 7, method: 'elicitation/create', params: { message: 'Name?' } });
    expect(step.exchange.message).toMatchObject({ id: 7, method: 'elicitation/create' });
    expect(step.exchange.response?.status).toBe(200);
    const body = '{"jsonrpc":"2.0","id":7,"result":{"action":"accept","content":{"name":"Ada"}}}';
    const ack = await call.respond(7, body);
    expect(ack.response?.status).toBe(202);
    expect(srv.calls.at(-1)?.body).toBe(body);
    expect(await call.next()).toEqual({ kind: 'done' });
    expect(call.done).toBe(true);
  });

  it('leaves a request pushed on the standalone GET stream to the session: the call in flight is not held behind it', async () => {
    const srv = server({ pushOnGet: true });
    const s = await session(srv.fetch);
    const onSession: PushedRequest[] = [];
    s.sessionHandler = async (request) => {
      onSession.push(request);
      // the session's own conversation answers it, in its own time, without the call
      await s.respond(request, '{"jsonrpc":"2.0","id":7,"result":{"action":"accept","content":{"name":"Ada"}}}');
      return null;
    };
    const call = new LegacyCall(s, 'tools/call', { name: 't' }, new AbortController().signal, () => 0);
    openStandalone(s);
    // the call's next step is its own response, never the session's request
    expect(await call.next()).toEqual({ kind: 'done' });
    expect(onSession.map((r) => r.method)).toEqual(['elicitation/create']);
    s.standaloneStop?.abort();
  });
});
