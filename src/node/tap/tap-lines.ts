/**
 * Newline-delimited stdio, cut into lines without touching the bytes: each line comes out as the very bytes that
 * carried it (its `\n`, and a `\r` before it, included), a line split across reads comes out whole once its end
 * arrives, however long. The tap reads copies of these; what goes on is the bytes. Node-only.
 */

const LF = 0x0a;

export class LineCutter {
  private parts: Buffer[] = [];
  /** how many bytes of a line not yet ended it holds */
  pending = 0;

  /** The whole lines `chunk` completes, each with its line end; what follows the last line end waits for more. */
  push(chunk: Buffer): Buffer[] {
    const lines: Buffer[] = [];
    let start = 0;
    for (let end = chunk.indexOf(LF); end !== -1; end = chunk.indexOf(LF, start)) {
      const piece = chunk.subarray(start, end + 1);
      if (this.parts.length) {
        this.parts.push(piece);
        lines.push(Buffer.concat(this.parts));
        this.parts = [];
        this.pending = 0;
      } else lines.push(piece);
      start = end + 1;
    }
    if (start < chunk.length) {
      this.parts.push(chunk.subarray(start));
      this.pending += chunk.length - start;
    }
    return lines;
  }

  /** The bytes of the line under way, left in place. */
  peek(): Buffer | undefined {
    return this.parts.length ? Buffer.concat(this.parts) : undefined;
  }

  /** Bytes of a line not yet ended (the stream ended, or a hold needs them). */
  rest(): Buffer | undefined {
    if (!this.parts.length) return undefined;
    const rest = Buffer.concat(this.parts);
    this.parts = [];
    this.pending = 0;
    return rest;
  }
}

/** A line's text without its line end (`\n` or `\r\n`). */
export function lineText(line: Buffer): string {
  let end = line.length;
  if (end && line[end - 1] === LF) end--;
  if (end && line[end - 1] === 0x0d) end--;
  return line.toString('utf8', 0, end);
}

/** The line end a line came with (`\r\n`, `\n`, or none), so an edited line goes on with the same one. */
export function lineEnd(line: Buffer): string {
  const n = line.length;
  if (n && line[n - 1] === LF) return n > 1 && line[n - 2] === 0x0d ? '\r\n' : '\n';
  return '';
}
