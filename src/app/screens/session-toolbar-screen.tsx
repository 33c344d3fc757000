import { useSyncExternalStore, type ReactNode } from 'react';
import { SessionToolbar } from '../../features/session-io/session-toolbar.tsx';
import type { PersistenceStatus } from '../../lib/storage/save-status.ts';
import type { Persistence } from '../../store/persistence/persistence.ts';
import type { SessionIo } from '../use-session-io.ts';

const idle: PersistenceStatus = { kind: 'idle' };
const noSubscribe = () => () => {};
const idleStatus = () => idle;

/** The autosave status; subscribed here so a status change re-renders only the toolbar. */
function useAutosaveStatus(persistence: Persistence | undefined): PersistenceStatus {
  return useSyncExternalStore(persistence?.subscribe ?? noSubscribe, persistence?.status ?? idleStatus);
}

/** The session toolbar with the autosave's state and, while another tab saves, the way to save from this one. */
export function SessionToolbarScreen({ io, extra }: { io: SessionIo; extra?: ReactNode }) {
  const status = useAutosaveStatus(io.persistence);
  return (
    <SessionToolbar
      io={io}
      status={status}
      {...(io.persistence ? { saveFromThisTab: io.persistence.saveFromThisTab } : {})}
      extra={extra}
    />
  );
}
