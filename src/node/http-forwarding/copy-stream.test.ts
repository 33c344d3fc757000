import { createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { copyStream, type CopyEnd } from './copy-stream.ts';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A real client reading what `copyStream` writes to its response; resolves with what the client got and how it ended. */
async function copyTo(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  onEnd: (end: CopyEnd, res: ServerResponse) => void = (end, res) => end === 'done' || res.destroy(),
): Promise<{ end: CopyEnd; got: string; written: string[] }> {
  const written: string[] = [];
  let ended!: (end: CopyEnd) => void;
  const endP = new Promise<CopyEnd>((r) => (ended = r));
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    void copyStream(body, res, { maxBytes, onWritten: (c) => written.push(Buffer.from(c).toString()) }).then((end) => {
      onEnd(end, res);
      ended(end);
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const got = await new Promise<string>((resolve) => {
    const req = request({ port: (server.address() as AddressInfo).port, host: '127.0.0.1' }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve(text));
      res.on('error', () => resolve(text));
      res.on('aborted', () => resolve(text));
    });
    req.on('error', () => resolve(''));
    req.end();
  });
  return { end: await endP, got, written };
}

/** The chunks one read at a time; with `fail`, the read after the last one fails (a server breaking off). */
function streamOf(chunks: string[], fail = false): ReadableStream<Uint8Array> {
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

describe('copyStream', () => {
  it('copies every chunk in order and ends the answer', async () => {
    const r = await copyTo(streamOf(['data: 1\n\n', 'data: 2\n\n']), 1024);
    expect(r).toEqual({ end: 'done', got: 'data: 1\n\ndata: 2\n\n', written: ['data: 1\n\n', 'data: 2\n\n'] });
  });

  it('stops before writing the chunk that passes the cap', async () => {
    const r = await copyTo(streamOf(['12345', '67890']), 8);
    expect(r.end).toBe('too-large');
    expect(r.written).toEqual(['12345']);
  });

  it("says the server's stream broke, after copying what came before", async () => {
    const r = await copyTo(streamOf(['first'], true), 1024);
    expect(r.end).toBe('broken');
    expect(r.written).toEqual(['first']);
  });
});
