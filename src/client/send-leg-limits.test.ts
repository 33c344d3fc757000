import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classifyExchange } from '../protocol/classify-exchange.ts';
import type { HeaderList } from '../protocol/exchange.ts';
import { sendLeg, type FetchLike } from './send-leg.ts';

const okBody = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { resultType: 'complete', content: [] } });
const progress = (n: number) =>
  `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', progress: n } })}\n\n`;
const log = (n: number) =>
  `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: n } })}\n\n`;
const MODERN: HeaderList = [['mcp-protocol-version', '2026-07-28']];
const LEGACY: HeaderList = [['mcp-protocol-version', '2025-11-25']];

/** A server that answers with an SSE stream the test writes to, event by event; closing the request errors the body. */
function streamingServer() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const fetch: FetchLike = (_url, init) => {
    init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
  };
  return {
    fetch,
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

/** A server that never answers: the request hangs until the client closes it. */
const silentServer: FetchLike = (_url, init) =>
  new Promise((_resolve, reject) =>
    init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
  );

const immediate = () => Promise.resolve();
const send = (fetch: FetchLike, extra: Partial<Parameters<typeof sendLeg>[0]> = {}) =>
  sendLeg({
    url: 'http://s/mcp',
    headers: MODERN,
    body: '{}',
    fetch,
    rpcId: 1,
    now: () => Date.now(),
    nextTask: immediate,
    nextFrame: immediate,
    ...extra,
  });
const reasonOf = (ex: Awaited<ReturnType<typeof sendLeg>>) => {
  const outcome = classifyExchange(ex, 'tools/call', 1);
  return outcome.kind === 'invalid' || outcome.kind === 'transport' ? outcome.reason : outcome.kind;
};

describe('sendLeg time limits', () => {
  beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => void vi.useRealTimers());

  it('keeps a long call alive while its stream keeps sending progress notifications', async () => {
    const server = streamingServer();
    const leg = send(server.fetch, { timeoutMs: 1_000 });
    for (let n = 1; n <= 5; n++) {
      await vi.advanceTimersByTimeAsync(600);
      server.write(progress(n));
    }
    await vi.advanceTimersByTimeAsync(600);
    server.write(`data: ${okBody}\n\n`);
    server.end();
    const ex = await leg;
    expect(ex.failure).toBeUndefined();
    expect(classifyExchange(ex, 'tools/call', 1).kind).toBe('complete');
  });

  it('times out once the progress stops, saying how long nothing came', async () => {
    const server = streamingServer();
    const leg = send(server.fetch, { timeoutMs: 1_000 });
    await vi.advanceTimersByTimeAsync(600);
    server.write(progress(1));
    await vi.advanceTimersByTimeAsync(1_100);
    const ex = await leg;
    expect(ex.failure?.kind).toBe('timeout');
    expect(ex.failure?.message).toContain('no response and no progress notification for 1000 ms');
  });

  it('lets only progress reset the idle time: other notifications are no sign of work', async () => {
    const server = streamingServer();
    const leg = send(server.fetch, { timeoutMs: 1_000 });
    await vi.advanceTimersByTimeAsync(600);
    server.write(log(1));
    await vi.advanceTimersByTimeAsync(500);
    const ex = await leg;
    expect(ex.failure?.kind).toBe('timeout');
  });

  it('still stops at the total limit however steadily progress comes', async () => {
    const server = streamingServer();
    const leg = send(server.fetch, { timeoutMs: 1_000, maxTotalMs: 3_000 });
    for (let n = 1; n <= 4; n++) {
      await vi.advanceTimersByTimeAsync(600);
      server.write(progress(n));
    }
    // 700 ms after the last progress (under the idle limit), 3,100 ms in (over the total one)
    await vi.advanceTimersByTimeAsync(700);
    const ex = await leg;
    expect(ex.failure?.kind).toBe('timeout');
    expect(ex.failure?.message).toContain('3000 ms');
    expect(ex.failure?.message).toContain('total');
  });

  it('says closing the stream cancelled the request when a 2026-07-28 leg times out before any answer', async () => {
    const leg = send(silentServer, { timeoutMs: 1_000 });
    await vi.advanceTimersByTimeAsync(1_000);
    const ex = await leg;
    expect(ex.failure?.kind).toBe('timeout');
    expect(ex.failure?.message).toContain('closed the stream, which cancelled the request');
    const reason = reasonOf(ex);
    expect(reason).toContain('cancelled the request');
    expect(reason).not.toContain('may still be working');
  });

  it('says closing the stream cancelled the request when a 2026-07-28 stream times out, not that it was cut', async () => {
    const server = streamingServer();
    const leg = send(server.fetch, { timeoutMs: 1_000 });
    server.write(log(1));
    await vi.advanceTimersByTimeAsync(1_000);
    const ex = await leg;
    expect(ex.failure?.message).toContain('closed the stream, which cancelled the request');
    const reason = reasonOf(ex);
    expect(reason).toContain('cancelled the request');
    expect(reason).not.toMatch(/connection was cut/i);
  });

  it('claims no cancellation for a 2025-11-25 request: there, closing a stream cancels nothing', async () => {
    const leg = send(silentServer, { timeoutMs: 1_000, headers: LEGACY });
    await vi.advanceTimersByTimeAsync(1_000);
    const ex = await leg;
    expect(ex.failure?.message).not.toContain('cancelled');
    expect(reasonOf(ex)).toContain('the server may still be working');
  });
});

describe('sendLeg size cap on a direct response', () => {
  /** A body of `size` bytes in chunks of 1,000 (`chunk`), counting how many chunks the reader pulled. */
  function counted(size: number, chunk = 'x'.repeat(1_000)) {
    const bytes = new TextEncoder();
    const pulled = { chunks: 0 };
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled.chunks * 1_000 >= size) return controller.close();
        controller.enqueue(bytes.encode(chunk));
        pulled.chunks += 1;
      },
    });
    return { body, pulled };
  }

  it('does not read a response whose Content-Length is over the cap, and says how big, the cap and what to do', async () => {
    const { body, pulled } = counted(5_000);
    const fetch: FetchLike = () =>
      Promise.resolve(
        new Response(body, { headers: { 'content-type': 'application/json', 'content-length': '5000' } }),
      );
    const ex = await send(fetch, { maxResponseBytes: 1_000 });
    expect(ex.failure?.kind).toBe('too_large');
    expect(ex.failure?.message).toContain('5000 bytes');
    expect(ex.failure?.message).toContain('1000 bytes cap on a direct response');
    expect(ex.failure?.message).toContain('RELAY_MAX_RESPONSE_BYTES');
    expect(ex.response?.status).toBe(200);
    expect(pulled.chunks).toBeLessThanOrEqual(1);
    expect(reasonOf(ex)).toContain('cap on a direct response');
  });

  it('stops a stream that grows past the cap, keeping what came before it, and never calls it a cut connection', async () => {
    // keep-alive comments, 1,000 bytes each, for ever
    const { body, pulled } = counted(1_000_000, `: ${'k'.repeat(996)}\n\n`);
    const fetch: FetchLike = () =>
      Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
    const ex = await send(fetch, { maxResponseBytes: 10_000 });
    expect(ex.failure?.kind).toBe('too_large');
    expect(ex.failure?.message).toContain('grew past the 10000 bytes cap');
    expect(ex.response?.size).toBeLessThanOrEqual(10_000);
    expect(pulled.chunks).toBeLessThan(20);
    const reason = reasonOf(ex);
    expect(reason).toContain('cap on a direct response');
    expect(reason).not.toMatch(/connection was cut/i);
  });

  it('leaves a relayed response to the relay, which caps it itself', async () => {
    const { body } = counted(5_000);
    const fetch: FetchLike = () =>
      Promise.resolve(
        new Response(body, { headers: { 'content-type': 'application/json', 'content-length': '5000' } }),
      );
    const ex = await send(fetch, { maxResponseBytes: 1_000, viaRelay: true });
    expect(ex.failure).toBeUndefined();
    expect(ex.response?.size).toBe(5_000);
  });

  it('caps a direct response at 64 MiB when no cap is given, the relay default', async () => {
    const fetch: FetchLike = () =>
      Promise.resolve(
        new Response('{}', {
          headers: { 'content-type': 'application/json', 'content-length': String(65 * 1024 * 1024) },
        }),
      );
    const ex = await send(fetch);
    expect(ex.failure?.message).toContain('65 MiB');
    expect(ex.failure?.message).toContain('64 MiB cap');
  });
});
