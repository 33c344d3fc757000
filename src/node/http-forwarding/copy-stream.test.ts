import { createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { copyReadable, copyStream, type CopyEnd, type CopyOptions } from './copy-stream.ts';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise((r) => s.close(r));
    }),
  );
});

type Copy = (res: ServerResponse, opts: CopyOptions) => Promise<CopyEnd>;

/**
 * A real client reading what `copy` writes to its response (leaving after its first chunk with `leave`); resolves
 * with what the client got and how the copy ended.
 */
async function copyTo(
  copy: Copy,
  maxBytes: number,
  { leave = false }: { leave?: boolean } = {},
): Promise<{ end: CopyEnd; got: string; written: string[] }> {
  const written: string[] = [];
  let ended!: (end: CopyEnd) => void;
  const endP = new Promise<CopyEnd>((r) => (ended = r));
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    void copy(res, { maxBytes, onWritten: (c) => written.push(Buffer.from(c).toString()) }).then((end) => {
      if (end !== 'done') res.destroy();
      ended(end);
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const got = await new Promise<string>((resolve) => {
    const req = request({ port: (server.address() as AddressInfo).port, host: '127.0.0.1' }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => {
        text += c.toString();
        if (leave) req.destroy();
      });
      res.on('end', () => resolve(text));
      res.on('error', () => resolve(text));
      res.on('aborted', () => resolve(text));
      res.on('close', () => resolve(text));
    });
    req.on('error', () => resolve(''));
    req.end();
  });
  return { end: await endP, got, written };
}

/** The chunks one read at a time; with `fail`, the read after the last one fails (a server breaking off). */
function webStreamOf(chunks: string[], fail = false): ReadableStream<Uint8Array> {
  const left = [...chunks];
  return new ReadableStream({
    pull(c) {
      const next = left.shift();
      if (next !== undefined) c.enqueue(new TextEncoder().encode(next));
      else if (fail) c.error(new Error('server broke'));
      else c.close();
    },
  });
}

/** The same as a Node stream; with `hang`, it never ends after its chunks (a stream still open). */
function readableOf(chunks: string[], { fail = false, hang = false } = {}): Readable {
  const left = [...chunks];
  return new Readable({
    read() {
      const next = left.shift();
      if (next !== undefined) this.push(Buffer.from(next));
      else if (fail) this.destroy(new Error('server broke'));
      else if (!hang) this.push(null);
    },
  });
}

const loops: [string, (chunks: string[], fail?: boolean) => Copy][] = [
  ['copyStream (web stream)', (chunks, fail) => (res, opts) => copyStream(webStreamOf(chunks, fail), res, opts)],
  [
    'copyReadable (Node stream)',
    (chunks, fail) => (res, opts) => copyReadable(readableOf(chunks, { fail }), res, opts),
  ],
];

describe.each(loops)('%s', (_name, copyOf) => {
  it('copies every chunk in order and ends the answer', async () => {
    const r = await copyTo(copyOf(['data: 1\n\n', 'data: 2\n\n']), 1024);
    expect(r).toEqual({ end: 'done', got: 'data: 1\n\ndata: 2\n\n', written: ['data: 1\n\n', 'data: 2\n\n'] });
  });

  it('stops before writing the chunk that passes the cap', async () => {
    const r = await copyTo(copyOf(['12345', '67890']), 8);
    expect(r.end).toBe('too-large');
    expect(r.written).toEqual(['12345']);
  });

  it("says the server's stream broke, after copying what came before", async () => {
    const r = await copyTo(copyOf(['first'], true), 1024);
    expect(r.end).toBe('broken');
    expect(r.written).toEqual(['first']);
  });
});

describe('copyReadable', () => {
  it('says the client left, and stops reading the server (the stream is destroyed)', async () => {
    const body = readableOf(['first'], { hang: true });
    const r = await copyTo((res, opts) => copyReadable(body, res, opts), 1024, { leave: true });
    expect(r.end).toBe('client-gone');
    expect(r.got).toBe('first');
    expect(body.destroyed).toBe(true);
  });

  it('says a stream that broke off before the copy began is broken', async () => {
    const body = readableOf(['never read']);
    body.destroy();
    const r = await copyTo((res, opts) => copyReadable(body, res, opts), 1024);
    expect(r).toMatchObject({ end: 'broken', written: [] });
  });

  it('waits for a full client buffer to drain, losing nothing', async () => {
    const big = Array.from({ length: 64 }, (_, i) => `${String(i).padStart(4, '0')}${'x'.repeat(64 * 1024 - 4)}`);
    const r = await copyTo((res, opts) => copyReadable(readableOf(big), res, opts), 64 * 1024 * 1024);
    expect(r.end).toBe('done');
    expect(r.got).toBe(big.join(''));
  });
});
