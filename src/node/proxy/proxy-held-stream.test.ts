/**
 * Holding the response event of an SSE answer: what the client gets before, during and after the hold, and what the
 * page is told. Each test plays both peers on loopback.
 */
import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from '../clock.fixtures.ts';
import { listen, readAll } from '../test-servers/listen.fixtures.ts';
import { closedAfterEach } from '../test-servers/running.fixtures.ts';
import { DROPPED_CODE } from '../../protocol/proxy-wire.ts';
import { proxyFor } from './proxy.fixtures.ts';

const up = closedAfterEach();
const CALL = '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"greet"}}';
const PROGRESS =
  'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}\n\n';
const RESPONSE =
  'event: message\nid: e-2\ndata: {"jsonrpc":"2.0","id":7,"result":{"resultType":"input_required","requestState":"s1"}}\n\n';

/** An SSE server: a progress notification, then (once `release` is called, if given) the response, then the end. */
async function sseServer(opts: { response?: string } = {}) {
  return up(
    listen(async (req, res) => {
      await readAll(req);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'mcp-session-id': 's-1' });
      res.write(PROGRESS);
      res.end(opts.response ?? RESPONSE);
    }, '/mcp'),
  );
}

/** Read the client's stream event by event (a whole event at a time is what an MCP client acts on). */
function reading(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let got = '';
  return {
    /** resolves once what the client has read contains `text` */
    async until(text: string): Promise<string> {
      while (!got.includes(text)) {
        const r = await reader.read();
        if (r.done) throw new Error(`the stream ended without ${text}; got ${got}`);
        got += decoder.decode(r.value, { stream: true });
      }
      return got;
    },
    async rest(): Promise<string> {
      for (let r = await reader.read(); !r.done; r = await reader.read()) got += decoder.decode(r.value);
      return got;
    },
  };
}

describe('holding an SSE answer', () => {
  it('sends the events before the response at once, and holds the response event until Forward', async () => {
    const server = await sseServer();
    const p = await up(proxyFor(server.url));
    p.hub.setHolds('p1', { responses: true });
    const res = await fetch(p.url, { method: 'POST', headers: { accept: 'text/event-stream' }, body: CALL });
    expect(res.headers.get('mcp-session-id')).toBe('s-1');
    const client = reading(res);
    expect(await client.until('notifications/progress')).toBe(PROGRESS);
    const held = await p.next('held');
    expect(held).toMatchObject({ stage: 'response', status: 200, sse: true });
    expect(JSON.parse(held.body)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      result: { resultType: 'input_required', requestState: 's1' },
    });
    expect(p.events.some((e) => e.type === 'response-end')).toBe(false);
    p.hub.decide(held.id, { kind: 'forward' });
    // unedited, the event goes on byte for byte
    expect(await client.rest()).toBe(PROGRESS + RESPONSE);
    expect(await p.next('released')).toMatchObject({ end: 'forwarded' });
    expect((await p.next('response-end')).failure).toBeUndefined();
    const chunks = p.events.flatMap((e) => (e.type === 'response-chunk' ? [e.text] : []));
    expect(chunks.join('')).toBe(PROGRESS + RESPONSE);
    expect(p.hub.list()[0]!.counts.responses).toBe(1);
  });

  it("sends the user's edited body in the held event's place, keeping its other fields", async () => {
    const server = await sseServer();
    const p = await up(proxyFor(server.url));
    p.hub.setHolds('p1', { responses: true });
    const res = await fetch(p.url, { method: 'POST', body: CALL });
    const held = await p.next('held');
    const edited = held.body.replace('"s1"', '"s1-tampered"');
    p.hub.decide(held.id, { kind: 'forward', body: edited });
    const got = await reading(res).rest();
    expect(got).toBe(`${PROGRESS}event: message\nid: e-2\ndata: ${edited}\n\n`);
    expect(await p.next('released')).toMatchObject({ end: 'forwarded', edited: true });
  });

  it('answers a dropped response event with an error event naming the inspector', async () => {
    const server = await sseServer();
    const p = await up(proxyFor(server.url));
    p.hub.setHolds('p1', { responses: true });
    const res = await fetch(p.url, { method: 'POST', body: CALL });
    const held = await p.next('held');
    p.hub.decide(held.id, { kind: 'drop' });
    const got = await reading(res).rest();
    expect(got.startsWith(PROGRESS)).toBe(true);
    expect(got).not.toContain('input_required');
    const data = /data: (.*)\n\n$/.exec(got)![1]!;
    const error = JSON.parse(data) as { id: number; error: { code: number; message: string } };
    expect(error.id).toBe(7);
    expect(error.error.code).toBe(DROPPED_CODE);
    expect(error.error.code < -32768 || error.error.code > -32000).toBe(true);
    expect(error.error).toMatchObject({ data: { source: 'mrtr-inspector', dropped: 'response' } });
    expect(error.error.message).toMatch(/Dropped by the MRTR Inspector: .*server's answer/);
    expect((await p.next('response-end')).failure).toMatch(/dropped/);
  });

  it('passes an SSE answer with no response to the request through whole, holding nothing', async () => {
    const other = 'event: message\ndata: {"jsonrpc":"2.0","id":99,"result":{}}\n\n';
    const server = await sseServer({ response: other });
    const p = await up(proxyFor(server.url));
    p.hub.setHolds('p1', { responses: true });
    const res = await fetch(p.url, { method: 'POST', body: CALL });
    expect(await reading(res).rest()).toBe(PROGRESS + other);
    await p.next('response-end');
    expect(p.events.some((e) => e.type === 'held')).toBe(false);
  });

  it('says so when the client gives up while the response event is held', async () => {
    const server = await sseServer();
    const p = await up(proxyFor(server.url));
    p.hub.setHolds('p1', { responses: true });
    const stop = new AbortController();
    const res = await fetch(p.url, { method: 'POST', body: CALL, signal: stop.signal });
    void reading(res)
      .rest()
      .catch(() => undefined);
    await p.next('held');
    stop.abort();
    expect(await p.next('released')).toMatchObject({ end: 'client-gone' });
    expect((await p.next('response-end')).failure).toMatch(/stopped waiting while the answer was held/);
  });

  it('does not count the time the response event is held against the idle and total limits', async () => {
    const clock = createManualClock(0);
    const server = await sseServer();
    const p = await up(proxyFor(server.url, { clock, limits: { timeoutMs: 100, totalTimeoutMs: 200 } }));
    p.hub.setHolds('p1', { responses: true });
    const res = await fetch(p.url, { method: 'POST', body: CALL });
    const held = await p.next('held');
    await vi.waitFor(() => expect(clock.sleeping).toBe(0));
    await clock.advance(10_000);
    p.hub.decide(held.id, { kind: 'forward' });
    expect(await reading(res).rest()).toBe(PROGRESS + RESPONSE);
    expect((await p.next('response-end')).failure).toBeUndefined();
  });
});
