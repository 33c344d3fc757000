/** The proxy's own way to its target over node:http: what it sends, that it reuses its connection, and that it never follows a redirect. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchUpstream, httpUpstream } from './proxy-upstream.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<URL> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
}

const text = async (body: Readable | null) => {
  let out = '';
  for await (const chunk of (body ?? []) as AsyncIterable<Buffer>) out += chunk.toString();
  return out;
};

describe('httpUpstream', () => {
  it('sends the headers and body as given and keeps one connection alive across legs', async () => {
    const seen: { ports: number[]; auth: string[]; bodies: string[] } = { ports: [], auth: [], bodies: [] };
    const url = await serve((req, res) => {
      seen.ports.push(req.socket.remotePort!);
      seen.auth.push(String(req.headers.authorization));
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.bodies.push(body);
        res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] }).end('{"ok":true}');
      });
    });
    const upstream = httpUpstream(url);
    try {
      for (let i = 0; i < 3; i++) {
        const answer = await upstream.send({
          method: 'POST',
          headers: [['authorization', 'Bearer s3cret']],
          body: `{"n":${i}}`,
        }).answer;
        expect(answer.status).toBe(200);
        expect(answer.headers.filter(([n]) => n === 'set-cookie')).toEqual([
          ['set-cookie', 'a=1'],
          ['set-cookie', 'b=2'],
        ]);
        expect(await text(answer.body)).toBe('{"ok":true}');
      }
    } finally {
      upstream.close();
    }
    expect(seen.auth).toEqual(['Bearer s3cret', 'Bearer s3cret', 'Bearer s3cret']);
    expect(seen.bodies).toEqual(['{"n":0}', '{"n":1}', '{"n":2}']);
    expect(new Set(seen.ports).size).toBe(1);
  });

  it('never follows a redirect: the 3xx comes back as the server sent it', async () => {
    const url = await serve((_req, res) => res.writeHead(307, { location: 'http://example.invalid/elsewhere' }).end());
    const upstream = httpUpstream(url);
    try {
      const answer = await upstream.send({
        method: 'POST',
        headers: [],
        body: '{}',
      }).answer;
      expect(answer.status).toBe(307);
      expect(answer.headers).toContainEqual(['location', 'http://example.invalid/elsewhere']);
    } finally {
      upstream.close();
    }
  });

  it('fails with the network error code when the target does not answer', async () => {
    const url = await serve(() => undefined);
    server!.close();
    server = undefined;
    const upstream = httpUpstream(url);
    try {
      await expect(upstream.send({ method: 'GET', headers: [] }).answer).rejects.toMatchObject({
        code: 'ECONNREFUSED',
      });
    } finally {
      upstream.close();
    }
  });
});

describe('fetchUpstream', () => {
  it("sends through the fetch given, and hands back the answer's body as a Node stream", async () => {
    const url = await serve((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(`{"echo":${body}}`));
    });
    const answer = await fetchUpstream(url, fetch).send({
      method: 'POST',
      headers: [['content-type', 'application/json']],
      body: '{"n":1}',
    }).answer;
    expect(answer.status).toBe(200);
    expect(answer.headers).toContainEqual(['content-type', 'application/json']);
    expect(await text(answer.body)).toBe('{"echo":{"n":1}}');
  });
});

describe('aborting', () => {
  it('fails a request still waiting for its answer', async () => {
    const url = await serve(() => undefined);
    const upstream = httpUpstream(url);
    try {
      const call = upstream.send({ method: 'POST', headers: [], body: '{}' });
      setTimeout(() => call.abort(), 20);
      await expect(call.answer).rejects.toThrow();
    } finally {
      upstream.close();
    }
  });

  it("ends an answer's body that was still coming, as broken off", async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: 1\n\n');
    });
    const upstream = httpUpstream(url);
    try {
      const call = upstream.send({ method: 'POST', headers: [], body: '{}' });
      const answer = await call.answer;
      const read = text(answer.body);
      call.abort();
      await expect(read).rejects.toThrow();
    } finally {
      upstream.close();
    }
  });
});
