/**
 * The page's side of the proxies, on the app's own server: `POST /__proxy/events` streams every proxy event
 * (server-sent events with ids, the history first, or only what followed a `Last-Event-ID`), `POST /__proxy/control`
 * holds, forwards, drops, starts and stops. Both pass the relay's checks first (loopback, app Host, app Origin, POST,
 * `X-Relay-Token`): only the app's own page drives them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PROXY_CONTROL_PATH, PROXY_EVENTS_PATH, type ProxyControl } from '../../protocol/proxy-wire.ts';
import { guardRelayRequest } from '../relay/relay.ts';
import { readBody, RelayRefusal, sendRelayFailure, sendRelayJson } from '../relay/relay-http.ts';
import type { FreshInstances } from '../tap/tap-fresh.ts';
import type { ProxySet } from './proxy-set.ts';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** How often the event stream sends a comment line, so an idle stream is never taken for a dead one. */
const KEEP_ALIVE_MS = 15_000;
/**
 * How far a page may fall behind the event stream: bytes written for it that it has not read yet (more than the
 * history holds, so a page that connects can be told all of it). Past this it is cut off: it connects again with the
 * last event it read and is told what the history still holds after it (and, first, what it missed).
 */
const MAX_BEHIND_BYTES = 64 * 1024 * 1024;

function parseControl(raw: Uint8Array): ProxyControl {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw).toString('utf8'));
  } catch {
    throw new RelayRefusal(400, 'bad_json', 'The control body is not JSON.');
  }
  const c = value as Partial<Record<string, unknown>>;
  const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
  switch (c.action) {
    case 'hold':
    case 'stop':
      if (str(c.proxyId)) return value as ProxyControl;
      break;
    case 'forward':
    case 'drop':
      if (str(c.id)) {
        const headers = c.headers;
        const okHeaders =
          headers === undefined ||
          (Array.isArray(headers) &&
            headers.every((h) => Array.isArray(h) && h.length === 2 && h.every((x) => typeof x === 'string')));
        const okBody = c.body === undefined || typeof c.body === 'string';
        const okStatus =
          // a final status (1xx are interim, and not a held answer's to take)
          c.status === undefined || (Number.isInteger(c.status) && Number(c.status) >= 200 && Number(c.status) <= 599);
        if (okHeaders && okBody && okStatus) return value as ProxyControl;
      }
      break;
    case 'start':
      if (str(c.target)) return value as ProxyControl;
      break;
    case 'fresh':
      // the tap launches its own command; anything else sent with it is refused rather than ignored
      if (str(c.proxyId) && Object.keys(c).every((k) => k === 'action' || k === 'proxyId'))
        return value as ProxyControl;
      throw new RelayRefusal(
        400,
        'bad_control',
        "A fresh instance names only the tap (proxyId): its command, arguments, environment and directory are the tap's own.",
      );
  }
  throw new RelayRefusal(
    400,
    'bad_control',
    'Not a proxy control: expected hold, forward, drop, start or stop with its fields.',
  );
}

export function createProxyRoutes(ctx: {
  token: string;
  appHosts: () => string[];
  proxies: ProxySet;
  /** fresh instances of tapped servers (absent: none are launched) */
  fresh?: FreshInstances;
  /** how far a page may fall behind before it is cut off (default 64 MiB) */
  maxBehindBytes?: number;
}): Middleware {
  const { hub } = ctx.proxies;
  const maxBehind = ctx.maxBehindBytes ?? MAX_BEHIND_BYTES;

  function events(req: IncomingMessage, res: ServerResponse): void {
    req.resume();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-relay': '1',
    });
    res.flushHeaders();
    // a page whose stream broke names the last event it got (the SSE way): it is told only what came after
    const last = req.headers['last-event-id'];
    // (set once subscribed: the history is written during the call, and may already pass the bound)
    let stop: (() => void) | undefined = undefined;
    let cut = false;
    // a page that stops reading does not make the inspector keep everything for it: past the bound it is let go
    const write = (text: string): void => {
      if (cut) return;
      res.write(text);
      if (res.writableLength <= maxBehind) return;
      cut = true;
      stop?.();
      res.destroy();
    };
    stop = hub.subscribe(
      (event, id) => write(`id: ${id}\ndata: ${JSON.stringify(event)}\n\n`),
      typeof last === 'string' ? last : undefined,
    );
    if (cut) stop();
    const keepAlive = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    keepAlive.unref();
    res.on('close', () => {
      stop();
      clearInterval(keepAlive);
    });
  }

  async function control(req: IncomingMessage, res: ServerResponse, appOrigin: string): Promise<void> {
    const c = parseControl(await readBody(req, 8 * 1024 * 1024));
    let answer: Record<string, unknown>;
    switch (c.action) {
      case 'hold':
        if (!hub.setHolds(c.proxyId, c)) throw new RelayRefusal(404, 'no_proxy', `No proxy "${c.proxyId}".`);
        answer = { ok: true };
        break;
      case 'forward': {
        const { action: _a, id, ...edits } = c;
        if (!hub.decide(id, { kind: 'forward', ...edits }))
          throw new RelayRefusal(409, 'not_held', `Nothing held as "${id}" (already released, or the client left).`);
        answer = { ok: true };
        break;
      }
      case 'drop':
        if (!hub.decide(c.id, { kind: 'drop' }))
          throw new RelayRefusal(409, 'not_held', `Nothing held as "${c.id}" (already released, or the client left).`);
        answer = { ok: true };
        break;
      case 'start': {
        const p = await ctx.proxies.start(c.target);
        answer = { id: p.id, url: p.url, target: p.target };
        break;
      }
      case 'stop':
        if (!(await ctx.proxies.stop(c.proxyId))) throw new RelayRefusal(404, 'no_proxy', `No proxy "${c.proxyId}".`);
        answer = { ok: true };
        break;
      case 'fresh':
        if (!ctx.fresh)
          throw new RelayRefusal(501, 'no_fresh', 'This inspector does not launch fresh instances of tapped servers.');
        answer = await ctx.fresh.launch(c.proxyId, appOrigin);
        break;
    }
    sendRelayJson(res, answer);
  }

  return (req, res, next) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== PROXY_EVENTS_PATH && path !== PROXY_CONTROL_PATH) {
      next();
      return;
    }
    let appOrigin: string;
    try {
      appOrigin = guardRelayRequest(req, ctx);
    } catch (error) {
      sendRelayFailure(res, error);
      return;
    }
    if (path === PROXY_EVENTS_PATH) {
      events(req, res);
      return;
    }
    control(req, res, appOrigin).catch((error: unknown) => sendRelayFailure(res, error));
  };
}
