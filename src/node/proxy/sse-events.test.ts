import { describe, expect, it } from 'vitest';
import { eventData, isResponseTo, SseSplitter, withData } from './sse-events.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

describe('SseSplitter', () => {
  it('hands back each whole event, byte for byte, wherever the chunks cut it (inside a CRLF or a character)', () => {
    const stream = bytes('event: message\r\ndata: {"a":1}\r\n\r\n: keep\n\nid: 4\rdata: é\r\r: end\n\n');
    for (let cut = 1; cut < stream.byteLength; cut++) {
      const s = new SseSplitter();
      const out = [...s.push(stream.slice(0, cut)), ...s.push(stream.slice(cut))].map(text);
      expect(out).toEqual(['event: message\r\ndata: {"a":1}\r\n\r\n', ': keep\n\n', 'id: 4\rdata: é\r\r', ': end\n\n']);
      expect(s.rest().byteLength).toBe(0);
    }
  });

  it('splits a 24 MiB event that comes in 64 KiB chunks scanning each byte once and copying it once', () => {
    const s = new SseSplitter();
    const filler = new Uint8Array(64 * 1024).fill(0x78);
    const first = filler.slice();
    first.set(bytes('data: '));
    const events: Uint8Array[] = [];
    for (let i = 0; i < 384; i++) events.push(...s.push(i === 0 ? first : filler));
    events.push(...s.push(bytes('\n\n')));
    expect(events).toHaveLength(1);
    expect(events[0]!.byteLength).toBe(24 * 1024 * 1024 + 2);
    expect(text(events[0]!.subarray(0, 8))).toBe('data: xx');
    // copied once: the event's own size (joining a pending buffer with each chunk copied it 384 times over, ~4.7 GB)
    expect(s.copied).toBe(24 * 1024 * 1024 + 2);
  });

  it('keeps an event that has not ended yet as the rest', () => {
    const s = new SseSplitter();
    expect(s.push(bytes('data: 1\n\ndata: 2\n'))).toHaveLength(1);
    expect(text(s.rest())).toBe('data: 2\n');
  });
});

describe('SSE event helpers', () => {
  it("reads an event's data, its lines joined", () => {
    expect(eventData(bytes('event: message\ndata:{"a":\ndata: 1}\n\n'))).toBe('{"a":\n1}');
    expect(eventData(bytes(': comment\n\n'))).toBeUndefined();
  });

  it('knows the response to a request by its id, a result or an error and no method', () => {
    expect(isResponseTo('{"jsonrpc":"2.0","id":7,"result":{}}', 7)).toBe(true);
    expect(isResponseTo('{"jsonrpc":"2.0","id":"7","error":{"code":1}}', '7')).toBe(true);
    expect(isResponseTo('{"jsonrpc":"2.0","id":7,"result":{}}', 8)).toBe(false);
    expect(isResponseTo('{"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{}}', 7)).toBe(false);
    expect(isResponseTo('not json', 7)).toBe(false);
    expect(isResponseTo(undefined, 7)).toBe(false);
  });

  it("replaces an event's data and keeps its other fields in order", () => {
    expect(withData(bytes('event: message\r\nid: 9\r\ndata: {"old":1}\r\n\r\n'), '{"new":2}')).toBe(
      'event: message\nid: 9\ndata: {"new":2}\n\n',
    );
  });
});
