import { describe, expect, it } from 'vitest';
import { createSessionStream } from './session-stream.ts';

async function readSome(res: Response, events: number): Promise<string[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while ((text.match(/^data: /gm) ?? []).length < events) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  reader.releaseLock();
  return [...text.matchAll(/^data: (.*)$/gm)].map((m) => m[1]!);
}

describe('the stdio session stream', () => {
  it('keeps what the server pushed while no stream was open and sends it, then what follows, when the page opens one', async () => {
    const stream = createSessionStream();
    stream.push({ jsonrpc: '2.0', id: 0, method: 'roots/list' });
    expect(stream.queued).toBe(1);
    const res = stream.open();
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    stream.push({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    const data = await readSome(res, 2);
    expect(data.map((d) => (JSON.parse(d) as { method: string }).method)).toEqual([
      'roots/list',
      'notifications/tools/list_changed',
    ]);
    expect(stream.queued).toBe(0);
    stream.close();
  });

  it('drops the oldest beyond its room, and a new stream ends the previous one', async () => {
    const stream = createSessionStream(2);
    for (const id of [1, 2, 3]) stream.push({ jsonrpc: '2.0', id, method: 'ping' });
    expect(stream.dropped).toBe(1);
    const first = stream.open();
    expect((await readSome(first, 2)).map((d) => (JSON.parse(d) as { id: number }).id)).toEqual([2, 3]);
    const second = stream.open();
    const rest = first.body!.getReader();
    // the first stream is closed by the second
    for (;;) if ((await rest.read()).done) break;
    stream.push({ jsonrpc: '2.0', id: 4, method: 'ping' });
    expect((await readSome(second, 1)).map((d) => (JSON.parse(d) as { id: number }).id)).toEqual([4]);
    stream.close();
  });
});
