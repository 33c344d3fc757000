import type { QuietGate } from '../../lib/input-activity.ts';
import type { KeyValueStorage } from '../../lib/storage/key-value-storage.ts';
import type { PersistenceStatus } from '../../lib/storage/save-status.ts';
import { toStorageError } from '../../lib/storage/key-value-storage.ts';
import { soloTabLock, type TabLock } from '../../lib/tab-lock.ts';
import { plural } from '../../lib/text.ts';
import { sessionFileHeader } from '../../session/io/session-file-header.ts';
import type { SessionState } from '../../session/model.ts';
import type { InspectorState, InspectorStore } from '../inspector-store.ts';
import { connectionOf, notSecretNames, uiOf } from './persisted-settings.ts';
import { keysOf, readSaved, restoreSaved, type LoadReport, type SavedTexts } from './persistence-load.ts';
import type { SaveSerialiser } from './save-serialiser.ts';
import { createSessionWriter } from './session-save.ts';
import { createTabWriter, NotTheWriter, otherTabStatus } from './tab-writer.ts';

// The session-file codec needs zod: it is loaded only when there is a session to write (or read: persistence-load.ts),
// so the first screen never waits for it.

export interface Persistence {
  /**
   * read storage into the store; a corrupted part is set aside and reported, the other parts still load. `texts`:
   * what `readSaved` already read (else storage is read now).
   */
  load(texts?: Promise<SavedTexts> | SavedTexts): Promise<LoadReport>;
  /** save (debounced) whenever the session, connection settings or selection change; returns stop */
  start(): () => void;
  flush(): Promise<void>;
  /** empty the session in the store and in storage (connection settings stay) */
  clearSession(): Promise<void>;
  /**
   * This tab saves from now on: it takes saving over from another tab (or keeps its own session after the saving tab
   * closed) and writes its whole current session, connection settings and selection.
   */
  saveFromThisTab(): Promise<void>;
  status(): PersistenceStatus;
  subscribe(listener: () => void): () => void;
  /** the raw text of parts that could not be read, kept so nothing is lost */
  unreadable(): Promise<{ key: string; text: string }[]>;
}

export interface PersistenceOptions {
  storage: KeyValueStorage;
  debounceMs?: number;
  prefix?: string;
  now?: () => number;
  /** autosave waits for a pause in the user's input before each slice of work (none: no waiting) */
  quietGate?: QuietGate;
  /** where autosave's redaction and JSON run (none: this thread; the app passes a worker) */
  serialiser?: SaveSerialiser;
  /** only the tab holding this lock writes (none: this tab always writes) */
  tabLock?: TabLock;
}

function count(session: SessionState) {
  return { conversations: session.order.length, legs: Object.keys(session.legs).length };
}

export function createPersistence(store: InspectorStore, opts: PersistenceOptions): Persistence {
  const { storage } = opts;
  const prefix = opts.prefix ?? 'inspector/';
  const keys = keysOf(prefix);
  const debounceMs = opts.debounceMs ?? 300;
  const now = opts.now ?? Date.now;
  const listeners = new Set<() => void>();
  let current: PersistenceStatus = { kind: 'idle' };
  const setStatus = (next: PersistenceStatus) => {
    current = next;
    listeners.forEach((l) => l());
  };
  const saved: { session?: SessionState; connection?: string; ui?: string } = {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();
  const writer = createTabWriter(opts.tabLock ?? soloTabLock(), storage);
  writer.subscribe(() => {
    if (!writer.mayWrite() && timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    listeners.forEach((l) => l());
  });
  const guarded = writer.storage;
  const sessionWriter = createSessionWriter(guarded, keys.session, opts.quietGate, opts.serialiser, writer.mayWrite);
  // parts that could not be read, also kept here: a tab that does not save cannot set them aside in storage
  const setAsideHere = new Map<string, string>();

  const setAside = async (key: string, text: string) => {
    setAsideHere.set(key, text);
    try {
      await writer.settled();
      await guarded.set(`${key}.unreadable`, text);
    } catch {
      // storage full: the raw text stays under its own key until the next save
    }
  };

  const snapshot = (s: InspectorState) => ({
    session: s.session,
    connection: JSON.stringify(connectionOf(s)),
    ui: JSON.stringify(uiOf(s)),
  });
  const dirty = (snap: ReturnType<typeof snapshot>) =>
    snap.session !== saved.session || snap.connection !== saved.connection || snap.ui !== saved.ui;

  const save = async () => {
    await writer.settled();
    if (!writer.mayWrite()) return;
    const { session, connection, ui } = snapshot(store.getState());
    if (!dirty({ session, connection, ui })) {
      if (current.kind === 'saving') setStatus({ kind: 'saved', at: now(), ...count(session) });
      return;
    }
    // already "Saving…" since the change that made it dirty: a new status object would only re-render its readers
    if (current.kind !== 'saving') setStatus({ kind: 'saving' });
    try {
      if (session !== saved.session) {
        // incremental and in idle slices: only new legs and changed conversations are serialised (session-save.ts)
        const header = sessionFileHeader({ redacted: true, now: now() });
        await sessionWriter.save(session, header, notSecretNames(store.getState()));
        saved.session = session;
      }
      if (connection !== saved.connection) {
        await guarded.set(keys.connection, connection);
        saved.connection = connection;
      }
      if (ui !== saved.ui) {
        await guarded.set(keys.ui, ui);
        saved.ui = ui;
      }
      setStatus({ kind: 'saved', at: now(), ...count(session) });
    } catch (err) {
      // another tab took over during this save: its status says so, and what is not written stays dirty
      if (err instanceof NotTheWriter) return listeners.forEach((l) => l());
      const e = toStorageError(err);
      const { conversations, legs } = count(session);
      const what = `${plural(conversations, 'conversation')}, ${plural(legs, 'leg')}`;
      setStatus({
        kind: 'error',
        message:
          e.kind === 'quota'
            ? `Browser storage is full: the latest changes (${what}) are kept in this tab but not saved. Export the session to keep them, or clear old conversations.`
            : `Saving failed (${e.message}): the latest changes (${what}) are kept in this tab but not saved. Export the session to keep them.`,
      });
    }
  };

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writing = writing.then(save);
    return writing;
  };

  return {
    async load(texts) {
      const read = await (texts ?? readSaved(storage, prefix));
      if ('unavailable' in read) {
        const why = `Browser storage could not be opened (${read.unavailable}); this session will not be saved.`;
        return { restored: false, problems: [why] };
      }
      const { patch, restored, problems } = await restoreSaved(read, keys, store.getState().session, setAside);
      store.setState(patch);
      const s = store.getState();
      saved.session = s.session;
      saved.connection = JSON.stringify(connectionOf(s));
      saved.ui = JSON.stringify(uiOf(s));
      if (restored) setStatus({ kind: 'saved', at: now(), ...count(s.session) });
      return { restored, problems };
    },
    start() {
      // a change to a saved part shows "Saving…" at once and saves after the debounce
      const unsubscribe = store.subscribe((state) => {
        if (!dirty(snapshot(state))) return;
        // another tab saves: no "Saving…" and no timer (while the lock is still being asked for, save waits for it)
        if (!writer.asking() && !writer.mayWrite()) return;
        if (current.kind !== 'saving' && current.kind !== 'error') setStatus({ kind: 'saving' });
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => void flush(), debounceMs);
      });
      const onHide = () => void flush();
      globalThis.addEventListener?.('pagehide', onHide);
      return () => {
        unsubscribe();
        globalThis.removeEventListener?.('pagehide', onHide);
        if (timer) clearTimeout(timer);
      };
    },
    flush,
    async clearSession() {
      store.getState().clearSession();
      await flush();
    },
    async saveFromThisTab() {
      await writer.claim();
      // storage holds another tab's session: write all of this tab's, not only what changed since it last saved
      saved.session = undefined;
      saved.connection = undefined;
      saved.ui = undefined;
      setStatus({ kind: 'saving' });
      await flush();
    },
    status() {
      const s = writer.situation();
      return s ? otherTabStatus[s] : current;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async unreadable() {
      const out: { key: string; text: string }[] = [];
      for (const key of Object.values(keys)) {
        const text = setAsideHere.get(key) ?? (await storage.get(`${key}.unreadable`));
        if (text !== undefined) out.push({ key, text });
      }
      return out;
    },
  };
}
