/**
 * An SSE answer read event by event, byte for byte, so the proxy can hold one event (the JSON-RPC response) while the
 * ones before it go on as they came. Lines end with CRLF, LF or CR, and a blank line ends an event (the SSE format).
 * CR and LF never occur inside a UTF-8 sequence, so events are cut on bytes and pass on unchanged. Each chunk is
 * scanned once and each event copied once, when it ends, however many chunks it came in. Pure.
 */

const LF = 0x0a;
const CR = 0x0d;

/** Collects chunks and hands back each whole event (its bytes up to and including the blank line that ends it). */
export class SseSplitter {
  /** the bytes of the event not ended yet, as views of the chunks they came in (copied once, when it ends) */
  private parts: Uint8Array[] = [];
  private partsBytes = 0;
  /** the last byte scanned ended a line (or nothing is scanned yet): a line break next ends the event */
  private atLineStart = true;
  /** the last byte scanned was a CR: an LF next belongs to it (CRLF); `crBlank`: that CR ended a blank line */
  private pendingCr = false;
  private crBlank = false;
  private copiedBytes = 0;

  /** Bytes copied so far: each event's once, when it ends (what holding an SSE answer costs beyond reading it). */
  get copied(): number {
    return this.copiedBytes;
  }

  push(chunk: Uint8Array): Uint8Array[] {
    const events: Uint8Array[] = [];
    // where the event not ended yet begins in this chunk (what comes before it is in `parts`)
    let start = 0;
    const emit = (end: number): void => {
      const size = this.partsBytes + end - start;
      const event = new Uint8Array(size);
      let at = 0;
      for (const part of this.parts) {
        event.set(part, at);
        at += part.byteLength;
      }
      event.set(chunk.subarray(start, end), at);
      this.copiedBytes += size;
      events.push(event);
      this.parts = [];
      this.partsBytes = 0;
      start = end;
    };
    for (let i = 0; i < chunk.byteLength; i++) {
      const b = chunk[i]!;
      if (this.pendingCr) {
        this.pendingCr = false;
        this.atLineStart = true;
        if (b === LF) {
          if (this.crBlank) emit(i + 1);
          continue;
        }
        // a lone CR ended the line: the event (if the line was blank) ends before this byte
        if (this.crBlank) emit(i);
      }
      if (b === CR) {
        this.pendingCr = true;
        this.crBlank = this.atLineStart;
      } else if (b === LF) {
        if (this.atLineStart) emit(i + 1);
        this.atLineStart = true;
      } else this.atLineStart = false;
    }
    if (start < chunk.byteLength) {
      this.parts.push(chunk.subarray(start));
      this.partsBytes += chunk.byteLength - start;
    }
    return events;
  }

  /** Bytes of an event not ended yet (what is left when the stream ends). */
  rest(): Uint8Array {
    const rest = new Uint8Array(this.partsBytes);
    let at = 0;
    for (const part of this.parts) {
      rest.set(part, at);
      at += part.byteLength;
    }
    return rest;
  }
}

const decoder = new TextDecoder();

function lines(event: Uint8Array): string[] {
  return decoder.decode(event).split(/\r\n|\r|\n/);
}

/** The event's data (its `data:` lines joined by line breaks), or undefined when it has none. */
export function eventData(event: Uint8Array): string | undefined {
  const data = lines(event)
    .filter((line) => line === 'data' || line.startsWith('data:'))
    .map((line) => line.slice(5).replace(/^ /, ''));
  return data.length ? data.join('\n') : undefined;
}

/** Is this data the JSON-RPC response to the request with id `rpcId` (a result or an error, no method)? */
export function isResponseTo(data: string | undefined, rpcId: string | number): boolean {
  if (data === undefined) return false;
  try {
    const m = JSON.parse(data) as Record<string, unknown> | null;
    return (
      typeof m === 'object' && m !== null && m.method === undefined && m.id === rpcId && ('result' in m || 'error' in m)
    );
  } catch {
    return false;
  }
}

/** The event with its data replaced by `data`; its other fields (event, id, retry) are kept, in their order. */
export function withData(event: Uint8Array, data: string): string {
  const out: string[] = [];
  let placed = false;
  for (const line of lines(event)) {
    if (line === '') continue;
    if (line === 'data' || line.startsWith('data:')) {
      if (!placed) out.push(...data.split(/\r\n|\r|\n/).map((d) => `data: ${d}`));
      placed = true;
    } else out.push(line);
  }
  if (!placed) out.push(...data.split(/\r\n|\r|\n/).map((d) => `data: ${d}`));
  return `${out.join('\n')}\n\n`;
}

/** An event carrying one JSON-RPC message, as MCP servers send them. */
export function messageEvent(message: unknown): string {
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}
