/**
 * How a proxy sends a request to its one target and gets the answer's head and body. By default over `node:http(s)`
 * with a keep-alive agent of its own (a leg then costs the proxy little more than the bytes it copies: no fetch
 * machinery, a warm connection); with a `fetch` given (the CLI's in-process stdio endpoints), through that. Redirects
 * are never followed either way: the client gets the server's 3xx as it came. Node-only.
 */
import { Agent as HttpAgent, request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { HeaderList } from '../../protocol/exchange.ts';
import { responseHeaderList } from './proxy-headers.ts';

interface UpstreamRequest {
  method: string;
  /** what goes to the server (see `upstreamHeaders`): no Host, no Content-Length */
  headers: HeaderList;
  body?: string;
  signal: AbortSignal;
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
  send(request: UpstreamRequest): Promise<UpstreamAnswer>;
  close(): void;
}

/** Through a `fetch` (the CLI's, which reaches its in-process endpoints). */
export function fetchUpstream(target: URL, fetchImpl: typeof fetch): Upstream {
  return {
    async send({ method, headers, body, signal }) {
      const answer = await fetchImpl(target, {
        method,
        headers: new Headers(headers),
        ...(body !== undefined ? { body } : {}),
        redirect: 'manual',
        signal,
      });
      return {
        status: answer.status,
        statusText: answer.statusText,
        headers: responseHeaderList(answer.headers),
        body: answer.body ? Readable.fromWeb(answer.body as NodeReadableStream<Uint8Array>) : null,
      };
    },
    close: () => undefined,
  };
}

/** Straight over `node:http(s)` to the target, connections kept alive between legs. */
export function httpUpstream(target: URL): Upstream {
  const secure = target.protocol === 'https:';
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = secure ? httpsRequest : httpRequest;
  return {
    send: ({ method, headers, body, signal }) =>
      new Promise<UpstreamAnswer>((resolve, reject) => {
        const out: OutgoingHttpHeaders = {};
        for (const [name, value] of headers) {
          const prior = out[name];
          out[name] = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [String(prior)]), value];
        }
        if (body !== undefined) out['content-length'] = Buffer.byteLength(body);
        const req = send(target, { method, headers: out, agent, signal }, (answer) => {
          const list: HeaderList = [];
          const raw = answer.rawHeaders;
          for (let i = 0; i + 1 < raw.length; i += 2) list.push([raw[i]!.toLowerCase(), raw[i + 1]!]);
          resolve({
            status: answer.statusCode ?? 502,
            statusText: answer.statusMessage ?? '',
            headers: list,
            body: answer,
          });
        });
        req.once('error', reject);
        req.end(body);
      }),
    close: () => agent.destroy(),
  };
}
