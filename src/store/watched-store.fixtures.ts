/**
 * One watched exchange put into a store the way the page's feed does it: the proxy's `request` event, then the
 * finished exchange recorded as a watched leg. Test support only.
 */
import type { Exchange } from '../protocol/exchange.ts';
import type { InspectorStore } from './inspector-store.ts';

/** Records a POST of `body` that the server answered with the JSON `answer`, as exchange `id` of proxy `p1`. */
export function recordWatchedJson(
  store: InspectorStore,
  url: string,
  body: string,
  answer: string,
  id = 'x1',
  proxyId = 'p1',
): void {
  const s = store.getState();
  s.applyProxyEvent({ type: 'request', proxyId, id, at: 1, method: 'POST', url, headers: [], body });
  const exchange: Exchange = {
    request: { url, method: 'POST', headers: [], body },
    response: {
      status: 200,
      statusText: 'OK',
      headers: [['content-type', 'application/json']],
      contentType: 'application/json',
      body: answer,
      size: answer.length,
    },
    message: JSON.parse(answer) as unknown,
    startedAt: 1,
    durationMs: 1,
  };
  s.recordWatched(id, exchange);
}

/** One request an audit target was sent: where it went, its method, and the tool or prompt it named. */
export interface AuditTargetRequest {
  url: string;
  method: string;
  name?: string;
}

/**
 * A server a watched call is audited against, as a fetch: its list names the one tool `approve`, and a call of it
 * completes at once (it asks nothing). `sent` is every request it was sent, in order.
 */
export function auditTarget(): { fetch: typeof fetch; sent: AuditTargetRequest[] } {
  const sent: AuditTargetRequest[] = [];
  const fetch = (url: string | URL | Request, init?: RequestInit) => {
    const rpc = JSON.parse(String(init?.body)) as { id: number; method: string; params?: { name?: string } };
    sent.push({ url: String(url), method: rpc.method, ...(rpc.params?.name ? { name: rpc.params.name } : {}) });
    const result =
      rpc.method === 'tools/list'
        ? { tools: [{ name: 'approve', inputSchema: { type: 'object' } }] }
        : rpc.method.endsWith('/list')
          ? { prompts: [], resourceTemplates: [] }
          : { content: [{ type: 'text', text: 'done' }] };
    return Promise.resolve(
      new Response(JSON.stringify({ jsonrpc: '2.0', id: rpc.id, result }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}
