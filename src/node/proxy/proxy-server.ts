/**
 * One proxy: a loopback HTTP server that any MCP client can use in place of its server's URL. Each request goes to
 * the one target fixed at start (never one named by the request), and every request and answer is reported to the
 * traffic hub as it happens, so the page shows it live. Streams pass through chunk by chunk, never buffered, unless
 * the user holds the server's answers (a JSON answer is then read whole; an SSE answer holds its response event). Security notes: proxy.md. Node-only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HeaderList } from '../../protocol/exchange.ts';
import { realClock, type Clock } from '../clock.ts';
import { loopbackHosts } from '../inspector-config.ts';
import { networkErrorCode, RelayRefusal } from '../relay/relay-http.ts';
import { answerDropped, pipeAnswer, refuse, rpcIdOf } from './proxy-answers.ts';
import { holdSseResponse } from './proxy-held-stream.ts';
import { guardProxyRequest } from './proxy-guard.ts';
import { challengesToProxy, serveResourceMetadata } from './proxy-resource-metadata.ts';
import { codingOf, decodeStream, decodeWhole, withoutCoding } from './proxy-encoding.ts';
import { bodilessAnswer, requestHeaderList, toClient, upstreamHeaders } from './proxy-headers.ts';
import { cutTimers, DEFAULT_PROXY_LIMITS, readRequestBody, readWhole, type ProxyLimits } from './proxy-limits.ts';
import { fetchUpstream, httpUpstream, type UpstreamAnswer, type UpstreamCall } from './proxy-upstream.ts';

export type { ProxyLimits } from './proxy-limits.ts';
import type { TrafficHub } from './traffic-hub.ts';

export interface ProxyOptions {
  id: string;
  /** the server every request goes to: fixed here, for the proxy's whole life */
  target: string;
  hub: TrafficHub;
  /** 0 (default) picks a free port */
  port?: number;
  limits?: Partial<ProxyLimits>;
  /** send through this instead of `node:http(s)` (the CLI's fetch reaches its in-process stdio endpoints) */
  fetchImpl?: typeof fetch;
  /**
   * the target is one process with one 2025-11-25 session for everyone (a stdio server behind the inspector's bridge,
   * whose session the page holds): a client's `initialize` and GET stream, which would take it over, are refused
   */
  oneSession?: boolean;
  clock?: Clock;
}

export interface RunningProxy {
  id: string;
  /** what a client uses instead of the target, e.g. http://127.0.0.1:41234/mcp */
  url: string;
  target: string;
  close(): Promise<void>;
}

/** The server's Content-Length, when it sent one plain length (the bytes pass on untouched, encoded or not). */
function wholeLength(headers: HeaderList): string | undefined {
  const lengths = headers.filter(([name]) => name === 'content-length');
  if (lengths.length !== 1) return undefined;
  return /^\d+$/.test(lengths[0]![1]) ? lengths[0]![1] : undefined;
}

/**
 * A stdio server has one 2025-11-25 session (no `Mcp-Session-Id` tells two apart): a client opening its own (an
 * `initialize`) would re-initialize the server under the page's session, and its GET stream would take the server's
 * requests from the page's. 2026-07-28 traffic, which has no session, passes.
 */
function refuseSecondSession(method: string, body: string): void {
  let opening = method === 'GET';
  if (method === 'POST') {
    try {
      opening = (JSON.parse(body) as { method?: unknown }).method === 'initialize';
    } catch {
      opening = false;
    }
  }
  if (!opening) return;
  throw new RelayRefusal(
    409,
    'stdio_one_session',
    'MRTR Inspector proxy: this target is a stdio server, one process with one 2025-11-25 session, which the ' +
      "inspector's page holds; a second client cannot open its own (initialize) or take its stream (GET). Use " +
      '2026-07-28, which has no session, or run the server over HTTP to watch a 2025-11-25 client.',
  );
}

export async function startProxy(opts: ProxyOptions): Promise<RunningProxy> {
  const target = new URL(opts.target);
  const limits = { ...DEFAULT_PROXY_LIMITS, ...opts.limits };
  const upstreamTo = opts.fetchImpl ? fetchUpstream(target, opts.fetchImpl) : httpUpstream(target);
  const clock = opts.clock ?? realClock;
  const { hub } = opts;
  const server = createServer();
  // the proxy's own host:port names, known once it listens (its port never changes)
  let hosts: string[] = [];
  const path = target.pathname;
  const targetHref = target.href;

  async function exchange(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const asked = guardProxyRequest(req, hosts, path);
    // the proxy as this client names it (its Host passed the guard): where its metadata says the resource is
    const here = `http://${req.headers.host!.toLowerCase()}`;
    if (asked === 'resource-metadata') {
      return serveResourceMetadata(req, res, {
        target,
        proxyOrigin: here,
        fetchImpl: opts.fetchImpl ?? fetch,
        timeoutMs: limits.timeoutMs,
      });
    }
    const raw = await readRequestBody(req, limits.maxBodyBytes);
    const body = raw.toString('utf8');
    if (opts.oneSession) refuseSecondSession(req.method!, body);
    const id = hub.exchangeId();
    const method = req.method!;
    let headers = requestHeaderList(req.rawHeaders);
    // what goes to the server: the client's very bytes, unless the user edits them while held
    let sentBody: string | Buffer = raw;
    let sentText = body;
    hub.count(opts.id, 'requests');
    hub.emit({ type: 'request', proxyId: opts.id, id, at: hub.now(), method, url: targetHref, headers, body });

    // the client leaving (its socket closes before the answer is done) gives up on everything on its behalf; the
    // signal a hold waits on is made only when something is held
    let clientGone = false;
    let gone: AbortController | undefined;
    let call: UpstreamCall | undefined;
    const goneSignal = (): AbortSignal => {
      gone ??= new AbortController();
      if (clientGone) gone.abort();
      return gone.signal;
    };
    const onClose = (): void => {
      if (res.writableFinished) return;
      clientGone = true;
      gone?.abort();
      call?.abort();
    };
    res.on('close', onClose);
    const end = (failure?: string): void => {
      res.off('close', onClose);
      hub.emit({ type: 'response-end', id, at: hub.now(), ...(failure ? { failure } : {}) });
    };

    if (hub.proxy(opts.id)?.holdRequests) {
      const decision = await hub.hold({ id, stage: 'request', headers, body }, goneSignal());
      if (decision.kind === 'client-gone') return end('the client stopped waiting while the request was held');
      if (decision.kind === 'drop') {
        answerDropped(res, body, 'request');
        return end('dropped in the inspector (held request)');
      }
      if (decision.headers || decision.body !== undefined) {
        headers = decision.headers ?? headers;
        if (decision.body !== undefined) sentBody = sentText = decision.body;
        hub.emit({ type: 'request-sent', id, at: hub.now(), headers, body: sentText });
      }
    }

    let cut: 'idle' | 'total' | undefined;
    const timers = cutTimers(clock, limits, (why) => {
      cut ??= why;
      call?.abort();
    });
    try {
      let answer: UpstreamAnswer;
      try {
        call = upstreamTo.send({
          method,
          headers: upstreamHeaders(headers),
          ...(method === 'POST' || sentText ? { body: sentBody } : {}),
        });
        if (clientGone) call.abort();
        answer = await call.answer;
      } catch (error) {
        if (clientGone) return end('the client stopped waiting');
        const why = cut
          ? `no answer from ${target.host} within the proxy's ${cut === 'idle' ? `idle limit of ${limits.timeoutMs}` : `total limit of ${limits.totalTimeoutMs}`} ms`
          : `could not reach ${target.host}: ${networkErrorCode(error).code} (${networkErrorCode(error).message})`;
        refuse(res, cut ? 504 : 502, cut ? 'upstream_timeout' : 'upstream_unreachable', `MRTR Inspector proxy: ${why}`);
        return end(why);
      }
      const status = answer.status;
      const responseHeaders = answer.headers;
      hub.emit({
        type: 'response-head',
        id,
        at: hub.now(),
        status,
        statusText: answer.statusText,
        headers: responseHeaders,
      });
      const contentType = responseHeaders.find(([name]) => name === 'content-type')?.[1] ?? '';
      const sse = contentType.toLowerCase().startsWith('text/event-stream');
      timers.headArrived(sse);
      // an answer with no body has nothing to edit: it goes straight on, as an SSE answer with no response event does
      // one the proxy cannot decode (an unknown coding) is not held either: it passes on untouched
      const coding = codingOf(responseHeaders);
      const holding =
        hub.proxy(opts.id)?.holdResponses && !bodilessAnswer(status, responseHeaders) && coding !== undefined;
      if (holding && !sse) {
        timers.stopIdle();
        return await holdResponse(
          res,
          answer,
          { id, status, headers: responseHeaders, requestBody: sentText, here },
          goneSignal(),
          end,
        );
      }
      // a stream's head goes out at once (its first event may be long coming); a whole answer's head goes out with
      // its first bytes, and keeps the server's length, so a small answer reaches the client in one write, unchunked
      // holding here means an SSE answer: its response event waits, found by the request's JSON-RPC id (and the
      // stream goes on decoded, when the server encoded it)
      const rpcId = holding && method === 'POST' ? rpcIdOf(sentText) : undefined;
      const decoding = rpcId !== undefined && answer.body !== null && coding !== undefined && coding !== 'identity';
      const length = sse ? undefined : wholeLength(responseHeaders);
      const headersOut = challengesToProxy(decoding ? withoutCoding(responseHeaders) : responseHeaders, target, here);
      res.writeHead(status, answer.statusText || undefined, {
        ...toClient(headersOut),
        ...(length ? { 'content-length': length } : {}),
      });
      if (sse) res.flushHeaders();
      const failure =
        answer.body && rpcId !== undefined
          ? await holdSseResponse(decoding ? decodeStream(answer.body, coding) : answer.body, res, {
              id,
              rpcId,
              hub,
              status,
              headers: responseHeaders,
              maxBytes: limits.maxResponseBytes,
              gone: goneSignal(),
              onChunk: timers.touch,
              pause: timers.pause,
              resume: timers.resume,
            })
          : await pipeAnswer(
              answer.body,
              res,
              { id, hub, maxBytes: limits.maxResponseBytes, coding: coding ?? 'identity' },
              timers.touch,
            );
      if (!failure) hub.count(opts.id, 'responses');
      end(
        failure === 'broken' && cut
          ? `the proxy cut the answer: ${cut === 'idle' ? `no data for ${limits.timeoutMs} ms` : `total limit of ${limits.totalTimeoutMs} ms`}`
          : failure === 'broken' && clientGone
            ? 'the client stopped reading the answer'
            : failure,
      );
    } finally {
      timers.stop();
    }
  }

  /** Read the whole answer (within the size cap), hold it for the user, then send it on as they left it. */
  async function holdResponse(
    res: ServerResponse,
    answer: UpstreamAnswer,
    at: { id: string; status: number; headers: HeaderList; requestBody: string; here: string },
    gone: AbortSignal,
    end: (failure?: string) => void,
  ): Promise<void> {
    const read = await readWhole(answer.body, limits.maxResponseBytes);
    const coding = codingOf(at.headers);
    // what the user reads and edits is the text: an encoded answer is decoded, and goes on so
    const bytes = read instanceof Buffer && coding && coding !== 'identity' ? decodeWhole(read, coding) : read;
    if (bytes === undefined && read instanceof Buffer) {
      refuse(res, 502, 'bad_encoding', `MRTR Inspector proxy: the server's answer is not valid ${String(coding)}.`);
      return end(`the answer is not valid ${String(coding)}`);
    }
    if (!bytes) {
      refuse(res, 502, 'upstream_broken', 'MRTR Inspector proxy: the server broke off its answer');
      return end('the server broke off its answer');
    }
    if (bytes === 'too-large') {
      refuse(
        res,
        502,
        'response_too_large',
        `The answer passed the proxy's limit of ${limits.maxResponseBytes} bytes.`,
      );
      return end('the answer passed the size limit');
    }
    const body = bytes.toString('utf8');
    const decision = await hub.hold(
      { id: at.id, stage: 'response', headers: at.headers, body, status: at.status },
      gone,
    );
    if (decision.kind === 'client-gone') return end('the client stopped waiting while the answer was held');
    if (decision.kind === 'drop') {
      answerDropped(res, at.requestBody, 'response');
      return end("dropped in the inspector (held server's answer)");
    }
    const status = decision.status ?? at.status;
    // a 204 or 304 has no body (RFC 9110): an edit that makes one of them sends none, and no length
    const out = status === 204 || status === 304 ? '' : (decision.body ?? body);
    const headers = withoutCoding(decision.headers ?? at.headers);
    res.writeHead(status, {
      ...toClient(challengesToProxy(headers, target, at.here)),
      ...(status === 204 || status === 304 ? {} : { 'content-length': Buffer.byteLength(out) }),
    });
    if (decision.body !== undefined || decision.headers || decision.status !== undefined) {
      hub.emit({ type: 'response-head', id: at.id, at: hub.now(), status, statusText: '', headers });
    }
    hub.emit({ type: 'response-chunk', id: at.id, at: hub.now(), text: out });
    res.end(out);
    hub.count(opts.id, 'responses');
    end();
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    exchange(req, res).catch((error: unknown) => {
      if (error instanceof RelayRefusal) {
        hub.count(opts.id, 'refused');
        if (error.status === 413) res.setHeader('connection', 'close');
        refuse(res, error.status, error.code, error.message);
      } else {
        refuse(res, 500, 'proxy_failure', error instanceof Error ? error.message : String(error));
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // loopback only: the proxy is for clients on this machine
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  hosts = loopbackHosts(server.address());
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}${target.search}`;
  hub.addProxy({
    id: opts.id,
    url,
    target: target.href,
    holdRequests: false,
    holdResponses: false,
    counts: { requests: 0, responses: 0, refused: 0 },
  });
  let closing: Promise<void> | undefined;
  return {
    id: opts.id,
    url,
    target: target.href,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        upstreamTo.close();
      })),
  };
}
