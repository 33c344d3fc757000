/**
 * `POST /__relay/forward`: sends the browser's POST to `X-Relay-Target` and streams the answer back as it arrives.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  forwardRequestHeaders,
  networkErrorCode,
  parseTarget,
  passBackHeaders,
  readBody,
  RelayRefusal,
} from './relay-http.ts';

export interface ForwardLimits {
  maxBodyBytes: number;
  maxResponseBytes: number;
  timeoutMs: number;
  fetchImpl: typeof fetch;
}

function once(res: ServerResponse, event: 'drain' | 'close'): Promise<void> {
  return new Promise((resolve) => res.once(event, () => resolve()));
}

export async function handleForward(req: IncomingMessage, res: ServerResponse, limits: ForwardLimits): Promise<void> {
  const header = req.headers['x-relay-target'];
  const target = parseTarget(Array.isArray(header) ? header[0] : header);
  const body = await readBody(req, limits.maxBodyBytes);

  const controller = new AbortController();
  let timedOut = false;
  let timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, limits.timeoutMs);
  const onClose = (): void => {
    if (!res.writableFinished) controller.abort();
  };
  res.on('close', onClose);

  try {
    let upstream: Response;
    try {
      upstream = await limits.fetchImpl(target, {
        method: 'POST',
        headers: forwardRequestHeaders(req.headers),
        body,
        redirect: 'manual',
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut)
        throw new RelayRefusal(504, 'upstream_timeout', `No answer from ${target.host} within ${limits.timeoutMs} ms.`);
      if (controller.signal.aborted) return; // the browser went away
      const { code, message } = networkErrorCode(error);
      throw new RelayRefusal(502, code, `Could not reach ${target.host}: ${code} (${message})`);
    }
    const declared = Number(upstream.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > limits.maxResponseBytes) {
      controller.abort();
      throw new RelayRefusal(
        502,
        'response_too_large',
        `Upstream response of ${declared} bytes exceeds ${limits.maxResponseBytes}.`,
      );
    }
    res.writeHead(upstream.status, upstream.statusText || undefined, passBackHeaders(upstream.headers));
    res.flushHeaders();
    await pipeBody(upstream, res, controller, limits, () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, limits.timeoutMs);
    });
  } finally {
    clearTimeout(timer);
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
): Promise<void> {
  if (!upstream.body) {
    res.end();
    return;
  }
  const reader = upstream.body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onChunk();
      total += value.byteLength;
      if (total > limits.maxResponseBytes) {
        controller.abort();
        res.destroy(new Error('Upstream response exceeds the relay limit'));
        return;
      }
      if (!res.write(value)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
      if (res.destroyed) return;
    }
    res.end();
  } catch {
    // Upstream broke, idled past the timeout, or the browser left: headers are out, so cut the stream.
    res.destroy();
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
