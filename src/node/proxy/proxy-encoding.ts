/**
 * A server's `Content-Encoding`. The proxy asks for `identity`, but a server may compress anyway (RFC 9110 says it
 * SHOULD NOT). An answer passed through untouched keeps its encoding (and its length), so the client decodes it as it
 * would without the proxy; an answer the proxy holds is decoded, so the user reads and edits its text, and goes on
 * decoded (no encoding, its length recomputed). The page is told the decoded text either way. Node-only.
 */
import type { Readable } from 'node:stream';
import {
  brotliDecompressSync,
  createBrotliDecompress,
  createGunzip,
  createInflate,
  gunzipSync,
  inflateSync,
} from 'node:zlib';
import type { HeaderList } from '../../protocol/exchange.ts';

/** The codings the proxy can undo (the ones HTTP clients commonly accept). */
export type Coding = 'gzip' | 'deflate' | 'br';

/**
 * The answer's coding when it has one the proxy can undo; `identity` when it has none; undefined when it is one the
 * proxy cannot undo (several, or an unknown one): then it is passed on untouched and never decoded.
 */
export function codingOf(headers: HeaderList): Coding | 'identity' | undefined {
  const values = headers.filter(([name]) => name.toLowerCase() === 'content-encoding').map(([, value]) => value);
  const codings = values
    .flatMap((v) => v.split(','))
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity');
  if (codings.length === 0) return 'identity';
  if (codings.length > 1) return undefined;
  const coding = codings[0] === 'x-gzip' ? 'gzip' : codings[0];
  return coding === 'gzip' || coding === 'deflate' || coding === 'br' ? coding : undefined;
}

/** A whole body decoded; undefined when it is not what its coding says. */
export function decodeWhole(bytes: Buffer, coding: Coding): Buffer | undefined {
  try {
    return coding === 'gzip'
      ? gunzipSync(bytes)
      : coding === 'deflate'
        ? inflateSync(bytes)
        : brotliDecompressSync(bytes);
  } catch {
    return undefined;
  }
}

/** A streamed body decoded as it comes (a failure of either side fails the decoded stream). */
export function decodeStream(body: Readable, coding: Coding): Readable {
  const decoder =
    coding === 'gzip' ? createGunzip() : coding === 'deflate' ? createInflate() : createBrotliDecompress();
  body.on('error', (error) => decoder.destroy(error));
  decoder.on('close', () => body.destroy());
  return body.pipe(decoder);
}

/** The headers without `Content-Encoding` (of an answer sent on decoded). */
export function withoutCoding(headers: HeaderList): HeaderList {
  return headers.filter(([name]) => name.toLowerCase() !== 'content-encoding');
}
