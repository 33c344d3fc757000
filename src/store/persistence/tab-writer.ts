/**
 * Whether this tab writes the saved session: it holds the tab lock (src/lib/tab-lock.ts) and, when the lock came to
 * it because the saving tab closed, the user has chosen to keep this tab's session. Until then this tab's copy may be
 * older than what storage holds, so it writes nothing.
 */
import type { KeyValueStorage } from '../../lib/storage/key-value-storage.ts';
import type { OtherTabSituation } from '../../lib/storage/save-status.ts';
import type { TabLock } from '../../lib/tab-lock.ts';

/** One status object per situation (stable, so `useSyncExternalStore` readers re-render only on a change). */
export const otherTabStatus: Record<OtherTabSituation, { kind: 'other-tab'; situation: OtherTabSituation }> = {
  'open-elsewhere': { kind: 'other-tab', situation: 'open-elsewhere' },
  'taken-over': { kind: 'other-tab', situation: 'taken-over' },
  'other-closed': { kind: 'other-tab', situation: 'other-closed' },
};

/** A write refused because another tab saves the session. */
export class NotTheWriter extends Error {
  constructor() {
    super('another tab saves the session');
    this.name = 'NotTheWriter';
  }
}

export interface TabWriter {
  /** the lock's first answer is not known yet */
  asking(): boolean;
  settled(): Promise<void>;
  mayWrite(): boolean;
  /** why this tab does not write (undefined: it writes, or still asks) */
  situation(): OtherTabSituation | undefined;
  /** called whenever who writes changes */
  subscribe(listener: () => void): () => void;
  /** this tab writes from now on: takes the lock from another tab when needed, ends a pending choice */
  claim(): Promise<void>;
  /**
   * `storage` with every write checked right before it reaches storage: a save under way when another tab takes over
   * stops before its next write (NotTheWriter) instead of overwriting that tab's session.
   */
  storage: KeyValueStorage;
}

export function createTabWriter(lock: TabLock, storage: KeyValueStorage): TabWriter {
  // the saving tab closed and the lock came to this tab: nothing is written until the user chooses
  let choosing = false;
  const listeners = new Set<() => void>();
  lock.subscribe(() => {
    const s = lock.state();
    choosing = s.kind === 'held' && (s.how === 'handed-over' || choosing);
    listeners.forEach((l) => l());
  });
  const mayWrite = () => lock.state().kind === 'held' && !choosing;
  const guard =
    <A extends unknown[]>(write: (...args: A) => Promise<void>) =>
    (...args: A) =>
      mayWrite() ? write(...args) : Promise.reject(new NotTheWriter());

  return {
    asking: () => lock.state().kind === 'asking',
    settled: () => lock.settled(),
    mayWrite,
    situation() {
      const s = lock.state();
      if (s.kind === 'elsewhere') return s.how === 'found' ? 'open-elsewhere' : 'taken-over';
      return s.kind === 'held' && choosing ? 'other-closed' : undefined;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async claim() {
      if (lock.state().kind !== 'held') await lock.takeOver();
      choosing = false;
      listeners.forEach((l) => l());
    },
    storage: {
      get: (key) => storage.get(key),
      keys: () => storage.keys(),
      set: guard((key: string, value: string) => storage.set(key, value)),
      delete: guard((key: string) => storage.delete(key)),
      ...(storage.getMany && { getMany: storage.getMany.bind(storage) }),
      ...(storage.setMany && { setMany: guard(storage.setMany.bind(storage)) }),
    },
  };
}
