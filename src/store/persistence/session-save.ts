/**
 * The session in browser storage, saved incrementally and in small slices, so a 30 MB session never blocks a frame.
 *
 * A recorded leg never changes, so each leg is written once under its own key (`<session key>/l/<id>`). The rest of
 * the session (conversations, order, nextRpcId: small, about 1 MB for 4,000 conversations) is one session file
 * without its legs under the session key; each conversation's JSON is cached per conversation object, so a save
 * serialises only the conversations that changed. The list of stored legs (`<session key>/legs`) and that file are
 * written last in one transaction with the deletions, so storage always holds a consistent session. Serialising
 * (redaction and JSON) runs in a worker where the browser has one (save-serialiser.ts), so its garbage never reaches
 * the page's heap; what the page still does (cloning items to the worker, writing) runs in idle slices of a few ms.
 *
 * `assembleSessionText` puts the legs back into the file's text, so loading validates it exactly like an imported
 * file. A whole session file under the session key (the older layout) is read as it is.
 */
import type { QuietGate } from '../../lib/input-activity.ts';
import { getMany, setMany, type KeyValueStorage } from '../../lib/storage/key-value-storage.ts';
import { isStringArray } from '../../protocol/types.ts';
import type { NotSecret } from '../../session/io/redact.ts';
import type { SessionFileHeader } from '../../session/io/session-file-header.ts';
import type { Conversation, Leg, SessionState } from '../../session/model.ts';
import { inThreadSerialiser, type SaveSerialiser } from './save-serialiser.ts';

/** A session file without legs starts with this, so it is told from a whole file without parsing a large text. */
const PARTS_START = '{"parts":1,';
/** Longest slice of work between two yields, ms (a frame is 16 ms). */
const SLICE_MS = 6;
/** Most characters of JSON one slice hands to storage. */
const SLICE_CHARS = 256 * 1024;
/**
 * The same while the user's input goes on (the gate gave up waiting for a pause): a small step, so saving still
 * progresses but its work (and the browser's own IndexedDB work) stays out of the way of the frames.
 */
const BUSY_SLICE_MS = 2;
const BUSY_SLICE_CHARS = 16 * 1024;

export function legKey(sessionKey: string, id: string): string {
  return `${sessionKey}/l/${id}`;
}

function legListKey(sessionKey: string): string {
  return `${sessionKey}/legs`;
}

/** The ids of the legs stored under their own keys (none when the list is absent or unreadable). */
async function storedLegIds(storage: KeyValueStorage, sessionKey: string): Promise<string[]> {
  const text = await storage.get(legListKey(sessionKey));
  if (text === undefined) return [];
  try {
    const ids: unknown = JSON.parse(text);
    return isStringArray(ids) ? ids : [];
  } catch {
    return [];
  }
}

/**
 * The text of a whole session file: `text` itself when it is one (or absent), else the file without legs with the
 * stored legs put in place. A leg that is missing is left out, so validation names it.
 */
export async function assembleSessionText(
  storage: KeyValueStorage,
  sessionKey: string,
  text: string | undefined,
): Promise<string | undefined> {
  if (text === undefined || !text.startsWith(PARTS_START) || !text.endsWith('}}')) return text;
  const ids = await storedLegIds(storage, sessionKey);
  const legs = await getMany(
    storage,
    ids.map((id) => legKey(sessionKey, id)),
  );
  const members: string[] = [];
  ids.forEach((id, i) => {
    const leg = legs[i];
    if (leg !== undefined) members.push(`${JSON.stringify(id)}:${leg}`);
  });
  // the file ends with the session's and the file's closing braces: the legs go in before them
  return `${text.slice(0, -2)},"legs":{${members.join(',')}}}}`;
}

interface Deadline {
  timeRemaining(): number;
}

function budget(ms: number): Deadline {
  const end = performance.now() + ms;
  return { timeRemaining: () => end - performance.now() };
}

type IdleCallback = (cb: (deadline: Deadline & { didTimeout: boolean }) => void, opts: { timeout: number }) => number;

/** The next slice of time, at most `ms`: an idle period when the browser has them, else the next task. */
function nextSlice(ms: number): Promise<Deadline> {
  const idle = (globalThis as { requestIdleCallback?: IdleCallback }).requestIdleCallback;
  if (idle) {
    return new Promise((resolve) =>
      idle(
        (d) => {
          const until = performance.now() + Math.min(ms, d.didTimeout ? ms : d.timeRemaining());
          resolve({ timeRemaining: () => until - performance.now() });
        },
        { timeout: 1000 },
      ),
    );
  }
  return new Promise((resolve) => setTimeout(() => resolve(budget(ms)), 0));
}

/**
 * Start `work` over `items` in slices (at least one item each); `afterSlice` gets each slice's results once they are
 * ready. A slice ends when its time is up (the work this thread does happens while `work` runs: a structured clone
 * when a worker serialises, the whole serialising otherwise) or at `maxLoad` characters made on this thread.
 */
async function inSlices<T, R>(
  gate: QuietGate,
  items: readonly T[],
  work: (item: T) => { json: Promise<R>; cost: number },
  afterSlice: (done: readonly T[], results: R[], maxLoad: number) => Promise<void> | void,
): Promise<void> {
  let i = 0;
  while (i < items.length) {
    const quiet = await gate.whenQuiet();
    const deadline = await nextSlice(quiet ? SLICE_MS : BUSY_SLICE_MS);
    const maxLoad = quiet ? SLICE_CHARS : BUSY_SLICE_CHARS;
    const start = i;
    const started: Promise<R>[] = [];
    let load = 0;
    do {
      const { json, cost } = work(items[i] as T);
      started.push(json);
      load += cost;
      i += 1;
    } while (i < items.length && deadline.timeRemaining() > 0 && load < maxLoad);
    await afterSlice(items.slice(start, i), await Promise.all(started), maxLoad);
  }
}

/** `entries` in transactions of at most `maxLoad` characters (at least one entry each), one after the other. */
async function writeInChunks(storage: KeyValueStorage, entries: [string, string][], maxLoad: number): Promise<void> {
  let chunk: [string, string][] = [];
  let load = 0;
  for (const entry of entries) {
    if (chunk.length > 0 && load + entry[1].length > maxLoad) {
      await setMany(storage, chunk);
      chunk = [];
      load = 0;
    }
    chunk.push(entry);
    load += entry[1].length;
  }
  if (chunk.length > 0) await setMany(storage, chunk);
}

export interface SessionWriter {
  /**
   * write what changed since the index in storage; redacted (credentials never reach storage): every custom header
   * and query value not named in `notSecret`
   */
  save(session: SessionState, header: SessionFileHeader, notSecret?: NotSecret): Promise<void>;
}

const ALWAYS_QUIET: QuietGate = { whenQuiet: () => Promise.resolve(true) };

/**
 * `serialiser`: where redaction and JSON run (the browser's autosave passes a worker). `gate`: each slice first waits for a pause in the user's input (lib/input-activity.ts), so the garbage of
 * serialising does not land in the frames of a scroll; without one, slices run whenever the browser is idle.
 */
export function createSessionWriter(
  storage: KeyValueStorage,
  sessionKey: string,
  gate: QuietGate = ALWAYS_QUIET,
  serialiser: SaveSerialiser = inThreadSerialiser,
  // whether this tab may write right now (the tab writer's guard): asked before a leg is handed to a worker that
  // writes it itself, since that write does not pass through `storage`
  mayWrite: () => boolean = () => true,
): SessionWriter {
  // the leg objects this page wrote, by id: a leg is written again only when its object is not the one written
  const written = new Map<string, Leg>();
  // each conversation's redacted JSON, per conversation object (a changed conversation is a new object)
  const conversationJson = new WeakMap<Conversation, string>();

  return {
    async save(session, header, notSecret) {
      // what storage holds now (another tab may have written since): legs the list does not name are written
      const stored = await storedLegIds(storage, sessionKey);
      const storedSet = new Set(stored);
      const legIds = Object.keys(session.legs);
      const legs: Leg[] = [];
      for (const id of legIds) {
        const leg = session.legs[id] as Leg;
        const mine = written.get(id);
        if (!storedSet.has(id) || (mine !== undefined && mine !== leg)) legs.push(leg);
      }
      // legs first, each slice in its own transaction: a leg the list does not name yet is harmless
      await inSlices(
        gate,
        legs,
        // a worker that writes storage itself is handed the key (json: undefined once written); not when another
        // tab saves: the leg's text then comes back and its write is refused by the guarded `storage`
        (leg) => serialiser.leg(leg, notSecret, mayWrite() ? legKey(sessionKey, leg.id) : undefined),
        async (done, texts, maxLoad) => {
          // the texts a worker made are not counted while the slice runs: their writes are split here instead
          const entries: [string, string][] = [];
          done.forEach((leg, i) => {
            const text = texts[i];
            if (text !== undefined) entries.push([legKey(sessionKey, leg.id), text]);
          });
          await writeInChunks(storage, entries, maxLoad);
          for (const leg of done) written.set(leg.id, leg);
        },
      );
      const conversations = Object.values(session.conversations);
      await inSlices(
        gate,
        conversations.filter((c) => !conversationJson.has(c)),
        (c) => serialiser.conversation(c, notSecret),
        (done, texts) => done.forEach((c, i) => conversationJson.set(c, texts[i] as string)),
      );
      // the file and the list of legs are one large write: it too waits for a pause
      await gate.whenQuiet();
      const { conversations: _c, legs: _l, ...rest } = session;
      const members = conversations.map((c) => `${JSON.stringify(c.id)}:${conversationJson.get(c) ?? 'null'}`);
      const file = JSON.stringify({ parts: 1, ...header, session: rest });
      // the file ends with the session's and the file's closing braces: the conversations go in before them
      const text = `${file.slice(0, -2)},"conversations":{${members.join(',')}}}}`;
      const current = new Set(legIds);
      const gone = stored.filter((id) => !current.has(id));
      // the file, the list of legs and the deletions: one all-or-nothing write
      await setMany(
        storage,
        [
          [sessionKey, text],
          [legListKey(sessionKey), JSON.stringify(legIds)],
        ],
        gone.map((id) => legKey(sessionKey, id)),
      );
      for (const id of gone) written.delete(id);
    },
  };
}
