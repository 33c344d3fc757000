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
