/**
 * An SSE answer read event by event, byte for byte, so the proxy can hold one event (the JSON-RPC response) while the
 * ones before it go on as they came. Lines end with CRLF, LF or CR, and a blank line ends an event (the SSE format).
 * CR and LF never occur inside a UTF-8 sequence, so events are cut on bytes and pass on unchanged. Pure.
 */

const LF = 0x0a;
const CR = 0x0d;

/** Collects chunks and hands back each whole event (its bytes up to and including the blank line that ends it). */
export class SseSplitter {
  private pending = new Uint8Array(0);

  push(chunk: Uint8Array): Uint8Array[] {
    const buf = new Uint8Array(this.pending.byteLength + chunk.byteLength);
    buf.set(this.pending);
    buf.set(chunk, this.pending.byteLength);
    const events: Uint8Array[] = [];
    let eventStart = 0;
    let lineStart = 0;
    let i = 0;
    while (i < buf.byteLength) {
      const b = buf[i]!;
      if (b !== LF && b !== CR) {
        i++;
        continue;
      }
      // a CR as the last byte may be the first half of CRLF: wait for the next chunk
      if (b === CR && i + 1 === buf.byteLength) break;
      const next = b === CR && buf[i + 1] === LF ? i + 2 : i + 1;
      if (i === lineStart) {
        events.push(buf.slice(eventStart, next));
        eventStart = next;
      }
      lineStart = next;
      i = next;
    }
    this.pending = buf.slice(eventStart);
    return events;
  }

  /** Bytes of an event not ended yet (what is left when the stream ends). */
  rest(): Uint8Array {
    return this.pending;
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
