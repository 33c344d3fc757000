/**
 * Posting a message with very long strings to a worker without one long task on the page.
 *
 * `postMessage` structured-clones its message on the calling thread, in one go: a leg holding a 32 MB stream (its raw
 * text, its events and its parsed notifications) took 150-200 ms to post, one frame. The sender takes the long
 * strings out of the message (the containers on their paths are copied, nothing else), posts what is left at once,
 * then the strings in pieces of `pieceLength` characters, for at most `sliceMs` per task. The receiver (in the worker)
 * puts the pieces back in place, so it handles exactly the message that was sent.
 *
 * The message without its long strings is always posted during `send` (so a caller that counts its own time per slice,
 * like autosave, counts that clone), even while the pieces of an earlier message are still on their way: pieces carry
 * their message's number, and the receiver completes each message on its own, so a message without long strings may
 * be handled before an earlier one that has them.
 */

import { nextTask as laterTask } from '../client/next-task.ts';

type PathKey = string | number;

/** The message without its long strings, posted first. */
interface WholeEnvelope {
  kind: 'pieces/whole';
  /** numbers the messages of one sender */
  id: number;
  message: unknown;
  /** where each long string goes back, and in how many pieces it follows */
  holes: { path: PathKey[]; pieces: number }[];
}

/** One piece of a long string, posted after its whole. */
interface PieceEnvelope {
  kind: 'pieces/piece';
  id: number;
  text: string;
}

export type Envelope = WholeEnvelope | PieceEnvelope;

interface Hole {
  path: PathKey[];
  text: string;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * `value` with every string of at least `minLength` characters replaced by '' (copying only the arrays and plain
 * objects on their paths; everything else is shared), and those strings with their paths.
 */
export function takeLongStrings(value: unknown, minLength: number): { skeleton: unknown; holes: Hole[] } {
  const holes: Hole[] = [];
  const path: PathKey[] = [];
  const strip = (v: unknown): unknown => {
    if (typeof v === 'string') {
      if (v.length < minLength) return v;
      holes.push({ path: [...path], text: v });
      return '';
    }
    if (!isContainer(v)) return v;
    let copy: Record<string, unknown> | unknown[] | undefined;
    const visit = (key: PathKey, child: unknown) => {
      path.push(key);
      const next = strip(child);
      path.pop();
      if (next === child) return;
      copy ??= Array.isArray(v) ? [...v] : { ...v };
      (copy as Record<PathKey, unknown>)[key] = next;
    };
    if (Array.isArray(v)) v.forEach((child, i) => visit(i, child));
    else for (const key of Object.keys(v)) visit(key, v[key]);
    return copy ?? v;
  };
  return { skeleton: strip(value), holes };
}

/** Puts `text` at `path` inside `target` (the receiver's own copy); the whole message when the path is empty. */
function putBack(target: unknown, path: readonly PathKey[], text: string): unknown {
  if (path.length === 0) return text;
  let at = target as Record<PathKey, unknown>;
  for (const key of path.slice(0, -1)) at = at[key] as Record<PathKey, unknown>;
  at[path[path.length - 1] as PathKey] = text;
  return target;
}

export interface PieceSenderOptions {
  /**
   * strings at least this long travel in pieces (16 KiB: a 32 MB stream's leg holds ~1,000 strings of 64 KiB, its
   * events and notifications, besides its raw text)
   */
  minLength?: number;
  /** characters per piece */
  pieceLength?: number;
  /** most time spent posting pieces before yielding to the page, ms */
  sliceMs?: number;
  /** resolves on a later task */
  nextTask?: () => Promise<void>;
  now?: () => number;
}

export interface PieceSender {
  /**
   * Posts `message` without its long strings during this call (so a message that cannot be cloned throws here,
   * DataCloneError), and its long strings in pieces, the first ones during this call too (at most `sliceMs`), the rest
   * in later tasks. Resolves once the last piece is posted.
   */
  send(message: unknown): Promise<void>;
}

export function createPieceSender(post: (envelope: Envelope) => void, opts: PieceSenderOptions = {}): PieceSender {
  const minLength = opts.minLength ?? 16 * 1024;
  const pieceLength = opts.pieceLength ?? 1024 * 1024;
  const sliceMs = opts.sliceMs ?? 6;
  const nextTask = opts.nextTask ?? laterTask;
  const now = opts.now ?? (() => performance.now());
  let lastId = 0;

  const postPieces = async (id: number, holes: readonly Hole[]) => {
    let start = now();
    for (const hole of holes) {
      for (let i = 0; i < hole.text.length; i += pieceLength) {
        if (now() - start >= sliceMs) {
          await nextTask();
          start = now();
        }
        post({ kind: 'pieces/piece', id, text: hole.text.slice(i, i + pieceLength) });
      }
    }
  };
  return {
    send(message) {
      const id = (lastId += 1);
      const { skeleton, holes } = takeLongStrings(message, minLength);
      post({
        kind: 'pieces/whole',
        id,
        message: skeleton,
        holes: holes.map((h) => ({ path: h.path, pieces: Math.ceil(h.text.length / pieceLength) })),
      });
      return holes.length === 0 ? Promise.resolve() : postPieces(id, holes);
    },
  };
}

/**
 * The worker's side: give it every message received; it returns the message as sent once all its pieces are in, else
 * undefined. A message that is not an envelope is returned as it is.
 */
export function createPieceReceiver(): (data: unknown) => { message: unknown } | undefined {
  const open = new Map<number, { message: unknown; holes: WholeEnvelope['holes']; hole: number; parts: string[] }>();
  const fill = (id: number): { message: unknown } | undefined => {
    const current = open.get(id);
    if (!current) return undefined;
    for (;;) {
      const hole = current.holes[current.hole];
      if (!hole) {
        open.delete(id);
        return { message: current.message };
      }
      if (current.parts.length < hole.pieces) return undefined;
      current.message = putBack(current.message, hole.path, current.parts.join(''));
      current.parts = [];
      current.hole += 1;
    }
  };
  return (data) => {
    const envelope = data as Partial<Envelope> | null;
    if (envelope?.kind === 'pieces/whole') {
      const whole = envelope as WholeEnvelope;
      open.set(whole.id, { message: whole.message, holes: whole.holes, hole: 0, parts: [] });
      return fill(whole.id);
    }
    if (envelope?.kind === 'pieces/piece') {
      const piece = envelope as PieceEnvelope;
      open.get(piece.id)?.parts.push(piece.text);
      return fill(piece.id);
    }
    return { message: data };
  };
}
