/**
 * The one loop that copies a server's answer to the waiting client chunk by chunk, as it arrives (never buffered, so
 * SSE events go on live), honouring backpressure and a size cap: `copyStream` for a web stream (the relay's `fetch`
 * answer), `copyReadable` for a Node stream (the proxy's `node:http` answer, copied without a web-stream wrapper or a
 * promise per chunk). The relay and the proxies each decide what a cut means for their client; these loops only say
 * how the copy ended. Node-only.
 */
import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';

/**
 * How a copy ended: `done` (the client has it all and the answer is ended), `too-large` (the cap was passed; the
 * chunk that passed it was not written), `client-gone` (the client's connection closed), `broken` (the server's
 * stream failed or was aborted). On anything but `done`, the caller ends or cuts `res`.
 */
export type CopyEnd = 'done' | 'too-large' | 'client-gone' | 'broken';

export interface CopyOptions {
  maxBytes: number;
  /** each chunk as it is read, before it is written (e.g. to restart an idle timer) */
  onChunk?: () => void;
  /** each chunk just after it was handed to the client */
  onWritten?: (chunk: Uint8Array) => void;
}

function once(res: ServerResponse, event: 'drain' | 'close'): Promise<void> {
  return new Promise((resolve) => res.once(event, () => resolve()));
}

/** Resolves when the client has taken what was written (a full buffer drained) or has gone. */
export function drainedOrClosed(res: ServerResponse): Promise<void> {
  return Promise.race([once(res, 'drain'), once(res, 'close')]);
}

export async function copyStream(
  body: ReadableStream<Uint8Array> | null,
  res: ServerResponse,
  opts: CopyOptions,
): Promise<CopyEnd> {
  if (!body) {
    res.end();
    return 'done';
  }
  const reader = body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      opts.onChunk?.();
      total += value.byteLength;
      if (total > opts.maxBytes) return 'too-large';
      // write first: the client gets each piece before anything else is done with it
      const drained = res.write(value);
      opts.onWritten?.(value);
      if (!drained) await drainedOrClosed(res);
      if (res.destroyed) return 'client-gone';
    }
    res.end();
    return 'done';
  } catch {
    return 'broken';
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/**
 * `copyStream` for a Node stream, driven by its events: each chunk is written as it comes; a full client buffer
 * pauses the stream until it drains. Ends as `copyStream` does; on anything but `done` the stream is destroyed.
 */
export function copyReadable(body: Readable, res: ServerResponse, opts: CopyOptions): Promise<CopyEnd> {
  // the server may have broken off before the copy began (nothing flows until a listener reads)
  if (body.destroyed) return Promise.resolve('broken');
  return new Promise<CopyEnd>((resolve) => {
    let total = 0;
    let over = false;
    const finish = (end: CopyEnd): void => {
      if (over) return;
      over = true;
      body.off('data', onData);
      res.off('drain', onDrain);
      res.off('close', onGone);
      if (end !== 'done') body.destroy();
      resolve(end);
    };
    const onData = (chunk: Buffer): void => {
      opts.onChunk?.();
      total += chunk.byteLength;
      if (total > opts.maxBytes) return finish('too-large');
      // write first: the client gets each piece before anything else is done with it
      const drained = res.write(chunk);
      opts.onWritten?.(chunk);
      if (res.destroyed) finish('client-gone');
      else if (!drained) body.pause();
    };
    const onDrain = (): void => void body.resume();
    const onGone = (): void => finish('client-gone');
    body.on('data', onData);
    body.once('end', () => {
      if (over) return;
      res.end();
      finish('done');
    });
    // an error, or a close before the end (the server broke off, or the request was aborted); the error listener
    // stays, so a late error on the dead stream is never unhandled
    body.on('error', () => finish('broken'));
    body.once('close', () => finish('broken'));
    res.on('drain', onDrain);
    res.once('close', onGone);
  });
}
