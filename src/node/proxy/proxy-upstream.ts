/**
 * How a proxy sends a request to its one target and gets the answer's head and body. By default over `node:http(s)`
 * with a keep-alive agent of its own (a leg then costs the proxy little more than the bytes it copies: no fetch
 * machinery, a warm connection); with a `fetch` given (the CLI's in-process stdio endpoints), through that. Redirects
 * are never followed either way: the client gets the server's 3xx as it came. Node-only.
 */
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { urlToHttpOptions } from 'node:url';
import type { HeaderList } from '../../protocol/exchange.ts';
import { responseHeaderList } from './proxy-headers.ts';

interface UpstreamRequest {
  method: string;
  /** what goes to the server (see `upstreamHeaders`): no Host, no Content-Length */
  headers: HeaderList;
  body?: string | Buffer;
}

/** A request on its way: its answer's head (then body), and what gives up on it (the request or the body fails). */
export interface UpstreamCall {
  answer: Promise<UpstreamAnswer>;
  abort(): void;
}

export interface UpstreamAnswer {
  status: number;
  statusText: string;
  /** lower-case names, each Set-Cookie on its own */
  headers: HeaderList;
  /** a Node stream either way: over `node:http` the response itself, no web-stream wrapper on the hot path */
  body: Readable | null;
}

export interface Upstream {
  send(request: UpstreamRequest): UpstreamCall;
  close(): void;
}

/** Through a `fetch` (the CLI's, which reaches its in-process endpoints). */
export function fetchUpstream(target: URL, fetchImpl: typeof fetch): Upstream {
  return {
    send({ method, headers, body }) {
      const stop = new AbortController();
      const answer = fetchImpl(target, {
        method,
        headers: new Headers(headers),
        ...(body !== undefined ? { body: typeof body === 'string' ? body : new Uint8Array(body) } : {}),
        redirect: 'manual',
        signal: stop.signal,
      }).then((got) => ({
        status: got.status,
        statusText: got.statusText,
        headers: responseHeaderList(got.headers),
        body: got.body ? Readable.fromWeb(got.body as NodeReadableStream<Uint8Array>) : null,
      }));
      return { answer, abort: () => stop.abort() };
    },
    close: () => undefined,
  };
}

/** Straight over `node:http(s)` to the target, connections kept alive between legs. */
export function httpUpstream(target: URL): Upstream {
  const secure = target.protocol === 'https:';
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = secure ? httpsRequest : httpRequest;
  // the target's host, port and path, read from the URL once rather than on every leg
  const where = urlToHttpOptions(target);
  return {
    send({ method, headers, body }) {
      const out: OutgoingHttpHeaders = {};
      for (const [name, value] of headers) {
        const prior = out[name];
        out[name] = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [String(prior)]), value];
      }
      if (body !== undefined) out['content-length'] = Buffer.byteLength(body);
      let req: ClientRequest | undefined;
      const answer = new Promise<UpstreamAnswer>((resolve, reject) => {
        req = send({ ...where, method, headers: out, agent }, (got) => {
          const list: HeaderList = [];
          const raw = got.rawHeaders;
          for (let i = 0; i + 1 < raw.length; i += 2) list.push([raw[i]!.toLowerCase(), raw[i + 1]!]);
          resolve({ status: got.statusCode ?? 502, statusText: got.statusMessage ?? '', headers: list, body: got });
        });
        req.once('error', reject);
        req.end(body);
      });
      // destroying the request fails it (no answer yet) or its answer's body (once it came): no abort signal per leg
      return { answer, abort: () => req?.destroy(new Error('the proxy gave up on this request')) };
    },
    close: () => agent.destroy(),
  };
}
