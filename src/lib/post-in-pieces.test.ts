import { describe, expect, it } from 'vitest';
import { createPieceReceiver, createPieceSender, takeLongStrings, type Envelope } from './post-in-pieces.ts';

/** A sender wired to a receiver as a worker would be: every envelope cloned; what the receiver completes is kept. */
function wired(opts: { minLength: number; pieceLength: number; sliceMs?: number }) {
  const receive = createPieceReceiver();
  const received: unknown[] = [];
  const posted: Envelope[] = [];
  let tasks = 0;
  const sender = createPieceSender(
    (envelope) => {
      const copy = structuredClone(envelope);
      posted.push(copy);
      const done = receive(copy);
      if (done) received.push(done.message);
    },
    {
      ...opts,
      nextTask: () => {
        tasks += 1;
        return new Promise((r) => setTimeout(r, 0));
      },
    },
  );
  return { sender, received, posted, tasks: () => tasks };
}

const longLeg = () => ({
  id: 'leg-1',
  exchange: {
    response: {
      body: 'x'.repeat(2500),
      size: 2500,
      sseEvents: [
        { data: 'é'.repeat(1200), at: 3 },
        { data: 'ok', at: 4 },
      ],
    },
    message: { result: { content: [{ type: 'text', text: 'y'.repeat(1000) }] } },
  },
  tags: ['a', 'b'],
});

describe('post in pieces', () => {
  it('delivers the same message when its long strings travel in pieces over several tasks', async () => {
    const { sender, received, posted, tasks } = wired({ minLength: 500, pieceLength: 400, sliceMs: 0 });
    const leg = longLeg();
    await sender.send(leg);
    expect(received).toEqual([leg]);
    // 7 + 3 + 3 pieces after the message without its long strings
    expect(posted.filter((e) => e.kind === 'pieces/piece')).toHaveLength(13);
    expect(posted.every((e) => e.kind !== 'pieces/piece' || e.text.length <= 400)).toBe(true);
    expect(tasks()).toBeGreaterThan(1);
  });

  it('keeps messages apart when several are sent before the pieces of the first are posted', async () => {
    const { sender, received, posted } = wired({ minLength: 500, pieceLength: 300, sliceMs: 0 });
    const a = longLeg();
    const b = { ...longLeg(), id: 'leg-2', tags: ['c'] };
    const small = { id: 'small' };
    const sending = [sender.send(a), sender.send(small), sender.send(b)];
    // each message without its long strings went out during its send; the small one is complete at once
    expect(posted.filter((e) => e.kind === 'pieces/whole')).toHaveLength(3);
    expect(received).toEqual([small]);
    await Promise.all(sending);
    expect(received).toHaveLength(3);
    expect(received).toEqual(expect.arrayContaining([a, small, b]));
  });

  it('posts a message without long strings at once, in one envelope', async () => {
    const { sender, received, posted } = wired({ minLength: 500, pieceLength: 400 });
    const small = { a: [1, 'two', { three: null }] };
    const sent = sender.send(small);
    expect(posted).toHaveLength(1);
    await sent;
    expect(received).toEqual([small]);
  });

  it('throws during send when a message cannot be cloned, also while earlier pieces are on their way', async () => {
    const sender = createPieceSender((envelope) => void structuredClone(envelope), {
      minLength: 5,
      pieceLength: 2,
      sliceMs: 0,
    });
    const earlier = sender.send({ text: 'long enough' });
    expect(() => sender.send({ f: () => 1 })).toThrow();
    await earlier;
  });

  it('copies only the containers on a long string path when it takes the strings out', () => {
    const shared = { small: 'kept' };
    const value = { big: 'z'.repeat(10), other: shared, list: ['q'.repeat(10), 'short'] };
    const { skeleton, holes } = takeLongStrings(value, 10);
    expect(skeleton).toEqual({ big: '', other: { small: 'kept' }, list: ['', 'short'] });
    expect((skeleton as typeof value).other).toBe(shared);
    expect(holes.map((h) => h.path)).toEqual([['big'], ['list', 0]]);
    expect(value.big).toHaveLength(10);
  });

  it('sends a long string that is the whole message', async () => {
    const { sender, received } = wired({ minLength: 5, pieceLength: 4 });
    await sender.send('abcdefghij');
    expect(received).toEqual(['abcdefghij']);
  });
});
