/**
 * `POST /__relay/forward`: sends the browser's POST to `X-Relay-Target` and streams the answer back as it arrives.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { forwardRequestHeaders, networkErrorCode, parseTarget, readBody, RelayRefusal } from './relay-http.ts';
import { RELAY_CUT_PREFIX } from '../../protocol/relay-paths.ts';
import { after, type Clock } from '../clock.ts';
import { copyStream } from '../http-forwarding/copy-stream.ts';
import { passBackHeaders } from './relay-response-headers.ts';

export interface ForwardLimits {
  maxBodyBytes: number;
  maxResponseBytes: number;
  /** Idle limit: to response headers, then between body chunks. */
  timeoutMs: number;
  /** Total limit: from the request to the last byte of the response, however steadily it trickles. */
  totalTimeoutMs: number;
  fetchImpl: typeof fetch;
  /** Times both limits (`realClock`; a manual clock in tests, so they never wait on the wall clock). */
  clock: Clock;
}

/** Largest response to a relayed metadata GET (1 MiB). */
const METADATA_MAX_BYTES = 1024 * 1024;

/** How a user raises the response size cap (said in every size refusal). */
const RAISE_LIMIT = 'set RELAY_MAX_RESPONSE_BYTES to raise it';

/**
 * The upstream method: POST; GET when the page asks for it with `X-Relay-Method: GET` (authorization metadata:
 * RFC 9728 protected resource metadata, RFC 8414 / OpenID Connect discovery); and, with `X-Relay-Mcp: session`, the
 * 2025-11-25 session's own GET (the standalone stream, resumption with `Last-Event-ID`) and DELETE (end the session),
 * which carry the same headers as its POSTs. Anything else is refused.
 */
function upstreamMethod(raw: string | string[] | undefined, session: boolean): 'POST' | 'GET' | 'DELETE' {
  const value = (Array.isArray(raw) ? raw[0] : raw)?.toUpperCase();
  if (value === undefined || value === 'POST') return 'POST';
  if (value === 'GET') return 'GET';
  if (value === 'DELETE' && session) return 'DELETE';
  throw new RelayRefusal(400, 'bad_method', `The relay forwards POST, GET, or DELETE on an MCP session; not ${value}.`);
}

/** A metadata GET sends only `Accept`: no credentials, cookies or custom headers ride along. */
function metadataRequestHeaders(incoming: IncomingMessage['headers']): Headers {
  const accept = incoming.accept;
  return new Headers({
    accept: typeof accept === 'string' ? accept : 'application/json',
    'accept-encoding': 'identity',
  });
}

export async function handleForward(req: IncomingMessage, res: ServerResponse, limits: ForwardLimits): Promise<void> {
  const header = req.headers['x-relay-target'];
  const target = parseTarget(Array.isArray(header) ? header[0] : header);
  const session = req.headers['x-relay-mcp'] === 'session';
  const method = upstreamMethod(req.headers['x-relay-method'], session);
  const body = await readBody(req, limits.maxBodyBytes);
  if (method !== 'POST' && body.byteLength > 0)
    throw new RelayRefusal(400, 'bad_request', `A relayed ${method} (X-Relay-Method: ${method}) carries no body.`);
  const metadata = method === 'GET' && !session;
  // a metadata GET is small: cap it far below the MCP response limit
  const maxResponseBytes = metadata ? Math.min(limits.maxResponseBytes, METADATA_MAX_BYTES) : limits.maxResponseBytes;

  const controller = new AbortController();
  let cut: 'idle' | 'total' | undefined;
  const cutFor = (why: 'idle' | 'total') => () => {
    cut ??= why;
    controller.abort();
  };
  let cancelIdle = after(limits.clock, limits.timeoutMs, cutFor('idle'));
  const cancelTotal = after(limits.clock, limits.totalTimeoutMs, cutFor('total'));
  const onClose = (): void => {
    if (!res.writableFinished) controller.abort();
  };
  res.on('close', onClose);

  try {
    let upstream: Response;
    try {
      upstream = await limits.fetchImpl(target, {
        method,
        headers: metadata ? metadataRequestHeaders(req.headers) : forwardRequestHeaders(req.headers),
        ...(method === 'POST' ? { body } : {}),
        redirect: 'manual',
        signal: controller.signal,
      });
    } catch (error) {
      if (cut === 'total')
        throw new RelayRefusal(
          504,
          'upstream_total_timeout',
          `No answer from ${target.host} within the relay's total limit of ${limits.totalTimeoutMs} ms in total.`,
        );
      if (cut === 'idle')
        throw new RelayRefusal(504, 'upstream_timeout', `No answer from ${target.host} within ${limits.timeoutMs} ms.`);
      if (controller.signal.aborted) return; // the browser went away
      const { code, message } = networkErrorCode(error);
      throw new RelayRefusal(502, code, `Could not reach ${target.host}: ${code} (${message})`);
    }
    const declared = Number(upstream.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxResponseBytes) {
      controller.abort();
      throw new RelayRefusal(
        502,
        'response_too_large',
        `Upstream response of ${declared} bytes exceeds the relay's limit of ${maxResponseBytes} bytes${metadata ? ' for metadata' : ` (${RAISE_LIMIT})`}.`,
      );
    }
    res.writeHead(upstream.status, upstream.statusText || undefined, passBackHeaders(upstream.headers));
    res.flushHeaders();
    const sse = (upstream.headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream');
    await pipeBody(
      upstream,
      res,
      controller,
      { ...limits, maxResponseBytes },
      () => {
        cancelIdle();
        cancelIdle = after(limits.clock, limits.timeoutMs, cutFor('idle'));
      },
      // headers are out, so a cut stream cannot become a JSON refusal: an SSE stream gets a last comment saying why
      (tooLarge) =>
        sse && (cut || tooLarge)
          ? // the line break first ends a line the cut left open, so the comment is a line of its own
            `\n: ${RELAY_CUT_PREFIX}${
              tooLarge
                ? `the response passed the relay's limit of ${maxResponseBytes} bytes (${RAISE_LIMIT})`
                : cut === 'total'
                  ? `total limit of ${limits.totalTimeoutMs} ms reached`
                  : `no data for ${limits.timeoutMs} ms (idle limit)`
            }\n\n`
          : undefined,
    );
  } finally {
    cancelIdle();
    cancelTotal();
    res.off('close', onClose);
  }
}

/** Copy chunks as they arrive (no buffering, so SSE events reach the page live), honouring backpressure and the size cap. */
async function pipeBody(
  upstream: Response,
  res: ServerResponse,
  controller: AbortController,
  limits: ForwardLimits,
  onChunk: () => void,
  cutNote: (tooLarge: boolean) => string | undefined,
): Promise<void> {
  const end = await copyStream(upstream.body, res, { maxBytes: limits.maxResponseBytes, onChunk });
  if (end === 'done' || end === 'client-gone') return;
  if (end === 'too-large') {
    controller.abort();
    const note = cutNote(true);
    if (note) res.write(note, () => res.destroy());
    else res.destroy(new Error('Upstream response exceeds the relay limit'));
    return;
  }
  // Upstream broke, hit a time limit, or the browser left: headers are out, so cut the stream.
  const note = cutNote(false);
  if (note && !res.destroyed) res.write(note, () => res.destroy());
  else res.destroy();
}
