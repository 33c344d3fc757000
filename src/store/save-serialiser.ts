/**
 * Autosave's serialising (redaction and `JSON.stringify` of each new leg and changed conversation), done off the
 * page's main thread when the browser has workers.
 *
 * Why: serialising a 10,000-leg session makes tens of MB of short-lived objects. In a worker that garbage lives on the
 * worker's heap, so its collection never pauses the page's frames; the page only pays for the structured clone of
 * each item as it is posted, which `session-save.ts` bounds per slice of time. The worker posts back the redacted JSON
 * text; the writes to IndexedDB stay on the page, behind the tab writer's guard (one writer tab), and the redaction is
 * the same `redactLeg` / `redactConversation` as in-thread, so no credential can take a path that skips it.
 */
import { redactConversation, redactLeg, type NotSecret } from '../session/io/redact.ts';
import type { Conversation, Leg } from '../session/model.ts';

/** One item to serialise, as posted to the worker. */
export type SerialiseRequest =
  | { id: number; kind: 'leg'; value: Leg; notSecret?: readonly string[] }
  | { id: number; kind: 'conversation'; value: Conversation; notSecret?: readonly string[] };

export type SerialiseReply = { id: number; json: string } | { id: number; error: string };

/** The redacted JSON of one item: what the worker runs, and the in-thread fallback. */
export function serialiseItem(req: SerialiseRequest): string {
  return req.kind === 'leg'
    ? JSON.stringify(redactLeg(req.value, req.notSecret))
    : JSON.stringify(redactConversation(req.value, req.notSecret));
}

/** Work started for one item: `cost` is the characters of JSON made on this thread (0 when a worker makes it). */
export interface Serialising {
  json: Promise<string>;
  cost: number;
}

export interface SaveSerialiser {
  /** starts serialising one leg, redacted; the work done on this thread happens during this call */
  leg(leg: Leg, notSecret?: NotSecret): Serialising;
  conversation(c: Conversation, notSecret?: NotSecret): Serialising;
  /** where the work runs (reported by the bench and tests) */
  where(): 'worker' | 'main thread';
}

function here(req: SerialiseRequest): Serialising {
  try {
    const json = serialiseItem(req);
    return { json: Promise.resolve(json), cost: json.length };
  } catch (err) {
    return { json: Promise.reject(err instanceof Error ? err : new Error(String(err))), cost: 0 };
  }
}

function request(kind: 'leg' | 'conversation', value: Leg | Conversation, notSecret: NotSecret, id = 0) {
  const base = notSecret && notSecret.length > 0 ? { id, notSecret: [...notSecret] } : { id };
  return { ...base, kind, value } as SerialiseRequest;
}

/** Serialising on this thread (Node, jsdom, or a browser whose worker could not start). */
export const inThreadSerialiser: SaveSerialiser = {
  leg: (leg, notSecret) => here(request('leg', leg, notSecret)),
  conversation: (c, notSecret) => here(request('conversation', c, notSecret)),
  where: () => 'main thread',
};

/** What the serialiser needs of a `Worker` (a fake one in tests). */
export interface WorkerLike {
  postMessage(message: SerialiseRequest): void;
  onmessage: ((event: { data: SerialiseReply }) => void) | null;
  onerror: ((event: { preventDefault(): void; message?: string }) => void) | null;
  onmessageerror: (() => void) | null;
  terminate(): void;
}

/**
 * Serialising in a worker made by `makeWorker` (called once, on the first item). Everything falls back to this
 * thread, item by item, when the worker cannot be made, cannot clone an item, or fails: the items it still owed are
 * serialised here, so a save never loses or skips a leg.
 */
export function createWorkerSerialiser(makeWorker: () => WorkerLike): SaveSerialiser {
  let worker: WorkerLike | undefined;
  let broken = false;
  let nextId = 1;
  const pending = new Map<
    number,
    { req: SerialiseRequest; resolve: (json: string) => void; reject: (e: Error) => void }
  >();

  const fail = () => {
    broken = true;
    worker?.terminate();
    worker = undefined;
    const owed = [...pending.values()];
    pending.clear();
    for (const p of owed) {
      const done = here(p.req);
      done.json.then(p.resolve, p.reject);
    }
  };

  const ensure = (): WorkerLike | undefined => {
    if (broken) return undefined;
    if (worker) return worker;
    try {
      worker = makeWorker();
    } catch {
      broken = true;
      return undefined;
    }
    worker.onmessage = ({ data }) => {
      const p = pending.get(data.id);
      if (!p) return;
      pending.delete(data.id);
      if ('json' in data) p.resolve(data.json);
      else p.reject(new Error(data.error));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      fail();
    };
    worker.onmessageerror = fail;
    return worker;
  };

  const start = (kind: 'leg' | 'conversation', value: Leg | Conversation, notSecret: NotSecret): Serialising => {
    const w = ensure();
    const req = request(kind, value, notSecret, nextId++);
    if (!w) return here(req);
    const json = new Promise<string>((resolve, reject) => pending.set(req.id, { req, resolve, reject }));
    try {
      // the structured clone of the item happens here, on this thread
      w.postMessage(req);
    } catch {
      // an item that cannot be cloned (DataCloneError) is serialised here; the worker stays for the others
      pending.delete(req.id);
      return here(req);
    }
    return { json, cost: 0 };
  };

  return {
    leg: (leg, notSecret) => start('leg', leg, notSecret),
    conversation: (c, notSecret) => start('conversation', c, notSecret),
    where: () => (broken ? 'main thread' : 'worker'),
  };
}

/** The browser's serialiser: a module worker when `Worker` exists, else this thread. */
export function defaultSaveSerialiser(): SaveSerialiser {
  if (typeof Worker === 'undefined') return inThreadSerialiser;
  return createWorkerSerialiser(
    () =>
      new Worker(new URL('./save-serialiser.worker.ts', import.meta.url), {
        type: 'module',
        name: 'autosave',
      }) as unknown as WorkerLike,
  );
}
