/**
 * The server's stdout cut into lines (one JSON-RPC message each, stdio.mdx), with a cap: a line longer than
 * `maxLineBytes` is not kept (a server writing without newlines would otherwise grow the inspector's memory without
 * end); its first bytes are handed on so the bridge can say which request it answered. Chunks are kept as they came
 * and copied once per line. A trailing `\r` is dropped and blank lines are skipped.
 */

export interface LineSplitter {
  push(chunk: Buffer): void;
  /** stdout ended: a last line without a newline still counts */
  end(): void;
}

const HEAD_BYTES = 256;

export function createLineSplitter(opts: {
  maxLineBytes: number;
  onLine: (line: string) => void;
  /** a line over the cap: its first bytes (as text) and its whole length in bytes */
  onTooLong: (head: string, bytes: number) => void;
}): LineSplitter {
  let parts: Buffer[] = [];
  let size = 0;
  let head: string | undefined;

  const take = (piece: Buffer) => {
    if (piece.length === 0) return;
    size += piece.length;
    if (head !== undefined) return;
    parts.push(piece);
    if (size > opts.maxLineBytes) {
      const first: Buffer[] = [];
      let bytes = 0;
      for (const part of parts) {
        if (bytes >= HEAD_BYTES) break;
        first.push(part);
        bytes += part.length;
      }
      head = Buffer.concat(first).subarray(0, HEAD_BYTES).toString('utf8');
      parts = [];
    }
  };
  const emit = () => {
    if (head !== undefined) opts.onTooLong(head, size);
    else if (size > 0) {
      const line = Buffer.concat(parts, size).toString('utf8').replace(/\r$/, '');
      if (line.trim() !== '') opts.onLine(line);
    }
    parts = [];
    size = 0;
    head = undefined;
  };

  return {
    push(chunk) {
      let start = 0;
      for (;;) {
        const newline = chunk.indexOf(0x0a, start);
        if (newline === -1) {
          take(chunk.subarray(start));
          return;
        }
        take(chunk.subarray(start, newline));
        emit();
        start = newline + 1;
      }
    },
    end: emit,
  };
}
