/**
 * The one loop that reads a response body the page fetched: every leg (sendLeg) and every 2025-11-25 session request
 * (JSON or SSE) goes through it, so the size cap, the closing of the stream and the decoding are the same everywhere.
 * What differs is handed in: a cap (none when the relay caps the response itself), a consumer of the text as it comes
 * (an SSE parser), a stop test (a resumed stream that already gave its answer) and, for a leg, the pacing that gives
 * the page its turn while megabytes are decoded and parsed.
 */

/** Bytes of a chunk decoded (and handed on) at a time when the read is paced. */
export const SLICE_BYTES = 256 * 1024;

/** How a paced read gives the page its turn: sendLeg's work clock. */
export interface ReadPacing {
  /** resolves at once, or on a later task when this task has done enough body work */
  breathe(): Promise<void>;
  /** runs a piece of body work, counting its time */
  run<T>(work: () => T): T;
  /** resolves on a task after the page has drawn its next frame */
  frameBreak(): Promise<void>;
}

export interface ReadBodyOptions {
  /** bytes read at most: past them what fits is kept, the rest is not read and the stream is closed */
  cap?: number;
  /** each piece of text as it is decoded, in order (an SSE parser feeds on it) */
  onText?: (text: string) => void;
  /** asked after each chunk: true stops the read there and closes the stream */
  stop?: () => boolean;
  /**
   * Spreads the work over tasks: under load one read can return megabytes at once, and decoding and parsing them in
   * one go was a long task. A chunk is then decoded a slice at a time, the page getting its turn between slices, and
   * a large body is joined in a frame of its own.
   */
  pacing?: ReadPacing;
}

export interface BodyRead {
  /** the text read (up to the cap, or up to where the connection dropped) */
  text: string;
  /** bytes read */
  size: number;
  /** the body grew past the cap and was closed there */
  overCap?: true;
  /** the connection dropped (or the text's consumer threw) while reading: why */
  error?: string;
}

/** The body as text, read to its end, to the cap, or until `stop` says so. Never throws. */
export async function readBody(response: Response, options: ReadBodyOptions = {}): Promise<BodyRead> {
  if (!response.body) return { text: '', size: 0 };
  const { cap, onText, stop, pacing } = options;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let size = 0;
  const take = (text: string) => {
    if (!text) return;
    parts.push(text);
    onText?.(text);
  };
  const decode = async (bytes: Uint8Array) => {
    if (!pacing) return take(decoder.decode(bytes, { stream: true }));
    for (let at = 0; at < bytes.byteLength; at += SLICE_BYTES) {
      await pacing.breathe();
      pacing.run(() => take(decoder.decode(bytes.subarray(at, at + SLICE_BYTES), { stream: true })));
    }
  };
  try {
    for (;;) {
      const read = await reader.read();
      if (read.done) break;
      // past the cap: keep what fits, stop reading and close the stream
      const overCap = cap !== undefined && size + read.value.byteLength > cap;
      const value = overCap ? read.value.subarray(0, cap - size) : read.value;
      size += value.byteLength;
      await decode(value);
      if (overCap || stop?.()) {
        await reader.cancel().catch(() => undefined);
        take(decoder.decode());
        return overCap ? { text: parts.join(''), size, overCap: true } : { text: parts.join(''), size };
      }
    }
    take(decoder.decode());
    if (!pacing) return { text: parts.join(''), size };
    // joining tens of MB is one step of tens of ms (a 32 MB body: 30-55 ms here): it starts a frame of its own
    if (size >= SLICE_BYTES) await pacing.frameBreak();
    else await pacing.breathe();
    return { text: pacing.run(() => parts.join('')), size };
  } catch (err) {
    return { text: parts.join(''), size, error: err instanceof Error ? err.message : String(err) };
  }
}
