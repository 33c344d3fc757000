import { describe, expect, it } from 'vitest';
import { readBody, SLICE_BYTES } from './read-body.ts';

/** A response whose body comes in these chunks, then ends (or errors with `fail`); says whether it was cancelled. */
function chunked(chunks: (string | Uint8Array)[], fail?: string) {
  const seen = { cancelled: false };
  const queue = chunks.map((c) => (typeof c === 'string' ? new TextEncoder().encode(c) : c));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next) controller.enqueue(next);
      else if (fail) controller.error(new Error(fail));
      else controller.close();
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { response: new Response(body), seen };
}

/** A pacing that counts what it was asked for, and runs everything at once. */
function countingPacing() {
  const pacing = {
    breaths: 0,
    runs: 0,
    frames: 0,
    breathe: () => {
      pacing.breaths += 1;
      return Promise.resolve();
    },
    run<T>(work: () => T): T {
      pacing.runs += 1;
      return work();
    },
    frameBreak: () => {
      pacing.frames += 1;
      return Promise.resolve();
    },
  };
  return pacing;
}

describe('readBody', () => {
  it('reads the whole body as text, handing each piece on in order', async () => {
    const { response } = chunked(['{"a":', '"é"', '}']);
    const pieces: string[] = [];
    const body = await readBody(response, { onText: (t) => pieces.push(t) });
    expect(body).toEqual({ text: '{"a":"é"}', size: 10 });
    expect(pieces.join('')).toBe('{"a":"é"}');
  });

  it('keeps a character whole when a chunk boundary splits its bytes', async () => {
    const bytes = new TextEncoder().encode('xé');
    const { response } = chunked([bytes.subarray(0, 2), bytes.subarray(2)]);
    expect((await readBody(response)).text).toBe('xé');
  });

  it('keeps what fits under the cap, reads no further and closes the stream', async () => {
    const { response, seen } = chunked(['12345', '67890', 'never read']);
    const pieces: string[] = [];
    const body = await readBody(response, { cap: 7, onText: (t) => pieces.push(t) });
    expect(body).toEqual({ text: '1234567', size: 7, overCap: true });
    expect(pieces.join('')).toBe('1234567');
    expect(seen.cancelled).toBe(true);
  });

  it('is not over the cap when the body is exactly the cap', async () => {
    const { response, seen } = chunked(['12345', '67']);
    expect(await readBody(response, { cap: 7 })).toEqual({ text: '1234567', size: 7 });
    expect(seen.cancelled).toBe(false);
  });

  it('stops after the chunk where `stop` says so and closes the stream, not over any cap', async () => {
    const { response, seen } = chunked(['first', 'second', 'third']);
    let chunks = 0;
    const body = await readBody(response, { onText: () => (chunks += 1), stop: () => chunks === 2 });
    expect(body).toEqual({ text: 'firstsecond', size: 11 });
    expect(seen.cancelled).toBe(true);
  });

  it('returns what came and why, never throwing, when the connection drops', async () => {
    const { response } = chunked(['partial'], 'socket hang up');
    expect(await readBody(response)).toEqual({ text: 'partial', size: 7, error: 'socket hang up' });
  });

  it('reads nothing from a response without a body', async () => {
    expect(await readBody(new Response(null, { status: 202 }))).toEqual({ text: '', size: 0 });
  });

  it('paced, decodes a large chunk a slice at a time and joins it after a frame of its own', async () => {
    const text = `x${'é'.repeat(SLICE_BYTES)}`; // an odd prefix puts every slice boundary inside a character
    const { response } = chunked([text]);
    const pacing = countingPacing();
    const pieces: string[] = [];
    const body = await readBody(response, { pacing, onText: (t) => pieces.push(t) });
    const slices = Math.ceil(new TextEncoder().encode(text).byteLength / SLICE_BYTES);
    expect(body.text).toBe(text);
    expect(pieces.length).toBeGreaterThanOrEqual(slices);
    expect(pacing.breaths).toBe(slices);
    expect(pacing.frames).toBe(1);
    // each slice's decoding, and the join, are counted as body work
    expect(pacing.runs).toBe(slices + 1);
  });

  it('paced, gives a small body no frame of its own', async () => {
    const { response } = chunked(['{}']);
    const pacing = countingPacing();
    expect((await readBody(response, { pacing })).text).toBe('{}');
    expect(pacing.frames).toBe(0);
  });
});
