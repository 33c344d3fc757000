/**
 * A server that compresses although the proxy asked for `identity`: passed through, the client gets the very bytes with
 * their `Content-Encoding` and length (it decodes them as it would without the proxy) and the page their text; held,
 * the user edits the text, and the client gets it decoded.
 */
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { listen, readAll, type TestServer } from '../test-servers/listen.fixtures.ts';
import { closedAfterEach } from '../test-servers/running.fixtures.ts';
import { proxyFor } from './proxy.fixtures.ts';

const up = closedAfterEach();
const ANSWER = '{"jsonrpc":"2.0","id":7,"result":{"resultType":"complete","content":[{"type":"text","text":"héllo"}]}}';
const GZIPPED = gzipSync(ANSWER);

async function gzipServer(): Promise<TestServer> {
  return up(
    listen(async (req, res) => {
      await readAll(req);
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': GZIPPED.byteLength,
      });
      res.end(GZIPPED);
    }, '/mcp'),
  );
}

/** A POST whose answer is read as bytes, undecoded (as it crossed the wire). */
function post(url: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"greet"}}');
  });
}

describe('an encoded answer through the proxy', () => {
  it('passes on untouched with its Content-Encoding and length; the page is told its text', async () => {
    const p = await up(proxyFor((await gzipServer()).url));
    const got = await post(p.url);
    expect(got.headers['content-encoding']).toBe('gzip');
    expect(got.headers['content-length']).toBe(String(GZIPPED.byteLength));
    expect(got.body.equals(GZIPPED)).toBe(true);
    await p.next('response-end');
    const text = p.events.flatMap((e) => (e.type === 'response-chunk' ? [e.text] : [])).join('');
    expect(text).toBe(ANSWER);
  });

  it('held, is decoded for the user to read and edit, and goes on decoded', async () => {
    const p = await up(proxyFor((await gzipServer()).url));
    p.hub.setHolds('p1', { responses: true });
    const answer = post(p.url);
    const held = await p.next('held');
    expect(held.body).toBe(ANSWER);
    p.hub.decide(held.id, { kind: 'forward' });
    const got = await answer;
    expect(got.headers['content-encoding']).toBeUndefined();
    expect(got.body.toString('utf8')).toBe(ANSWER);
    expect(got.headers['content-length']).toBe(String(Buffer.byteLength(ANSWER)));
  });
});
