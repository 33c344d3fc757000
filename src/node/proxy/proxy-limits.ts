/**
 * A proxy's size and time caps on one exchange: the client's request body read within its cap, a held answer read
 * whole within its cap, and the idle and total limits that cut an exchange running too long. Node-only.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { restartableAfter, type Clock } from '../clock.ts';
import { RelayRefusal } from '../relay/relay-http.ts';

export interface ProxyLimits {
  /** largest client request body (413 above it); default 4 MiB, as on the relay */
  maxBodyBytes: number;
  /** largest server answer passed back (cut above it); default 64 MiB, as on the relay */
  maxResponseBytes: number;
  /** between two chunks of the answer (not before its head); default 60 s */
  timeoutMs: number;
  /**
   * from the request to the answer's last byte, or to the head of an SSE answer (which has no total limit); time held
   * by the user not counted; default 10 min
   */
  totalTimeoutMs: number;
}

export const DEFAULT_PROXY_LIMITS: ProxyLimits = {
  maxBodyBytes: 4 * 1024 * 1024,
  maxResponseBytes: 64 * 1024 * 1024,
  timeoutMs: 60_000,
  totalTimeoutMs: 600_000,
};

/**
 * The idle and total limits of one exchange, each cutting it (`cut`) when it runs out. Until the answer's head comes
 * only the total limit counts (a server may think long before it answers, as a tool call does: its SSE keep-alives
 * come only once a stream is open). `headArrived` starts the idle limit, and ends the total one for an SSE answer (a
 * stream may last as long as its client keeps it: a listen, a 2025 GET stream, a long call sending progress).
 * `touch` restarts the idle limit (a chunk came); `pause` and `resume` leave out the time an item is held by the user.
 */
export function cutTimers(clock: Clock, limits: ProxyLimits, cut: (why: 'idle' | 'total') => void) {
  const onIdle = (): void => cut('idle');
  const onTotal = (): void => cut('total');
  let totalLeft = limits.totalTimeoutMs;
  let since = clock.now();
  let idle: ReturnType<typeof restartableAfter> | undefined;
  let total: ReturnType<typeof restartableAfter> | undefined = restartableAfter(clock, totalLeft, onTotal);
  return {
    headArrived: (sse: boolean): void => {
      idle = restartableAfter(clock, limits.timeoutMs, onIdle);
      if (!sse) return;
      total?.cancel();
      total = undefined;
    },
    stopIdle: (): void => {
      idle?.cancel();
      idle = undefined;
    },
    touch: (): void => idle?.restart(),
    pause: (): void => {
      idle?.cancel();
      total?.cancel();
      totalLeft -= clock.now() - since;
    },
    resume: (): void => {
      since = clock.now();
      if (idle) idle = restartableAfter(clock, limits.timeoutMs, onIdle);
      if (total) total = restartableAfter(clock, Math.max(0, totalLeft), onTotal);
    },
    stop: (): void => {
      idle?.cancel();
      total?.cancel();
    },
  };
}

/**
 * The client's request body, read by its events (no async iterator, no copy beyond joining its chunks); refuses
 * (413) a declared or actual length over `maxBytes`, and then keeps nothing more of it.
 */
export function readRequestBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    return Promise.reject(
      new RelayRefusal(
        413,
        'body_too_large',
        `Request body of ${declared} bytes exceeds the proxy limit of ${maxBytes}.`,
      ),
    );
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer): void => {
      total += chunk.byteLength;
      if (total <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      // kept no more, but read on (and thrown away), so the client gets the 413: a socket closed with its bytes
      // unread is reset, and the client would see the reset instead. As much again, then it is cut all the same.
      req.off('data', onData);
      let discarded = 0;
      req.on('data', (more: Buffer) => {
        discarded += more.byteLength;
        if (discarded > maxBytes) req.destroy();
      });
      reject(new RelayRefusal(413, 'body_too_large', `Request body exceeds the proxy limit of ${maxBytes} bytes.`));
    };
    req.on('data', onData);
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total)));
    req.once('error', reject);
  });
}

/** A whole answer (to hold it), read no further than `maxBytes`; undefined when the server broke off. */
export async function readWhole(body: Readable | null, maxBytes: number): Promise<Buffer | 'too-large' | undefined> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of (body ?? []) as AsyncIterable<Buffer>) {
      total += chunk.byteLength;
      if (total > maxBytes) return 'too-large';
      chunks.push(chunk);
    }
  } catch {
    return undefined;
  }
  return Buffer.concat(chunks);
}
