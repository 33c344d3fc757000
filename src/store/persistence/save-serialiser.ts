/**
 * Autosave's serialising (redaction and `JSON.stringify` of each new leg and changed conversation), done off the
 * page's main thread when the browser has workers.
 *
 * Why: serialising a 10,000-leg session makes tens of MB of short-lived objects. In a worker that garbage lives on the
 * worker's heap, so its collection never pauses the page's frames; the page only pays for the structured clone of
 * each item as it is posted, its long strings in pieces over several tasks (lib/post-in-pieces.ts). The redaction is the
 * same `redactLeg` / `redactConversation` as in-thread, so no credential can take a path that skips it.
 *
 * A leg's JSON is written to IndexedDB by the worker itself when the serialiser knows the database (`writesTo`) and
 * the session writer names the key: a 32 MB stream's leg is tens of MB of JSON, and taking it back to write it from the
 * page cost two long tasks (reading the reply, then IndexedDB's clone in `put`). The tab writer's guard (one writer
 * tab) is asked before each leg is handed over. Conversations (small) still come back as text.
 */
import { createPieceSender, type Envelope } from '../../lib/post-in-pieces.ts';
import {
  setMany,
  StorageError,
  type KeyValueStorage,
  type StorageErrorKind,
} from '../../lib/storage/key-value-storage.ts';
import { redactConversation, redactLeg, type NotSecret } from '../../session/io/redact.ts';
import type { Conversation, Leg } from '../../session/model.ts';

/** The IndexedDB database and object store the worker writes legs to (the page's autosave storage). */
export interface WriteTarget {
  db: string;
  store: string;
}

/** One item to serialise, as posted to the worker; `writeTo`: the worker writes the JSON under `key` itself. */
export type SerialiseRequest =
  | { id: number; kind: 'leg'; value: Leg; notSecret?: readonly string[]; writeTo?: WriteTarget & { key: string } }
  | { id: number; kind: 'conversation'; value: Conversation; notSecret?: readonly string[] };

export type SerialiseReply =
  | { id: number; json: string }
  | { id: number; written: number }
  | { id: number; error: string; storage?: StorageErrorKind };

/** The redacted JSON of one item: what the worker runs, and the in-thread fallback. */
export function serialiseItem(req: SerialiseRequest): string {
  return req.kind === 'leg'
    ? JSON.stringify(redactLeg(req.value, req.notSecret))
    : JSON.stringify(redactConversation(req.value, req.notSecret));
}

/**
 * What the worker does with one request (and its test double): the redacted JSON, written under the request's key
 * when it names one (`storageFor` opens that database), else sent back. A storage failure keeps its kind (quota).
 */
export async function answerRequest(
  req: SerialiseRequest,
  storageFor: (target: WriteTarget) => KeyValueStorage,
): Promise<SerialiseReply> {
  try {
    const json = serialiseItem(req);
    if (req.kind === 'leg' && req.writeTo) {
      await setMany(storageFor(req.writeTo), [[req.writeTo.key, json]]);
      return { id: req.id, written: json.length };
    }
    return { id: req.id, json };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    return err instanceof StorageError ? { id: req.id, error, storage: err.kind } : { id: req.id, error };
  }
}

/**
 * Work started for one item: `cost` is the characters of JSON made on this thread (0 when a worker makes it); `json`
 * resolves to undefined when the worker has written it to storage itself.
 */
interface Serialising<T = string> {
  json: Promise<T>;
  cost: number;
}

export interface SaveSerialiser {
  /**
   * starts serialising one leg, redacted; the work done on this thread happens during this call. With `key`, a
   * worker that can write storage writes it there (json: undefined); otherwise the text comes back to be written.
   */
  leg(leg: Leg, notSecret?: NotSecret, key?: string): Serialising<string | undefined>;
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
  postMessage(message: Envelope): void;
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
export function createWorkerSerialiser(
  makeWorker: () => WorkerLike,
  opts: { writesTo?: WriteTarget } = {},
): SaveSerialiser {
  let worker: WorkerLike | undefined;
  let send: ((req: SerialiseRequest) => Promise<void>) | undefined;
  let broken = false;
  let nextId = 1;
  const pending = new Map<
    number,
    { req: SerialiseRequest; resolve: (json: string | undefined) => void; reject: (e: Error) => void }
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
    const sender = createPieceSender((envelope) => (worker as WorkerLike).postMessage(envelope));
    send = (req) => sender.send(req);
    worker.onmessage = ({ data }) => {
      const p = pending.get(data.id);
      if (!p) return;
      pending.delete(data.id);
      if ('json' in data) p.resolve(data.json);
      else if ('written' in data) p.resolve(undefined);
      else p.reject(data.storage ? new StorageError(data.storage, data.error) : new Error(data.error));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      fail();
    };
    worker.onmessageerror = fail;
    return worker;
  };

  const start = (
    kind: 'leg' | 'conversation',
    value: Leg | Conversation,
    notSecret: NotSecret,
    key?: string,
  ): Serialising<string | undefined> => {
    const w = ensure();
    const req = request(kind, value, notSecret, nextId++);
    if (!w || !send) return here(req);
    if (req.kind === 'leg' && key !== undefined && opts.writesTo) req.writeTo = { ...opts.writesTo, key };
    const json = new Promise<string | undefined>((resolve, reject) => pending.set(req.id, { req, resolve, reject }));
    // an item that cannot be cloned (DataCloneError) is serialised here; the worker stays for the others
    const unsent = () => {
      const p = pending.get(req.id);
      if (!p) return;
      pending.delete(req.id);
      here(req).json.then(p.resolve, p.reject);
    };
    try {
      // the structured clone of the item starts here, on this thread; its long strings follow in later tasks
      send(req).catch(unsent);
    } catch {
      pending.delete(req.id);
      return here(req);
    }
    return { json, cost: 0 };
  };

  return {
    leg: (leg, notSecret, key) => start('leg', leg, notSecret, key),
    // a conversation's text always comes back (only legs are written by the worker)
    conversation: (c, notSecret) => start('conversation', c, notSecret) as Serialising,
    where: () => (broken ? 'main thread' : 'worker'),
  };
}

/**
 * The browser's serialiser: a module worker when `Worker` exists, else this thread. `writesTo`: the database autosave
 * writes to, where the worker writes legs itself.
 */
export function defaultSaveSerialiser(writesTo?: WriteTarget): SaveSerialiser {
  if (typeof Worker === 'undefined') return inThreadSerialiser;
  return createWorkerSerialiser(
    () =>
      new Worker(new URL('./save-serialiser.worker.ts', import.meta.url), {
        type: 'module',
        name: 'autosave',
      }) as unknown as WorkerLike,
    writesTo ? { writesTo } : {},
  );
}
