import type { ReactNode, RefObject } from 'react';
import { Button } from '../../components/ui/button.tsx';
import type { PersistenceStatus } from '../../lib/storage/save-status.ts';
import { OTHER_TAB_STATUS, OtherTabNotice } from './other-tab-notice.tsx';

/** A line the toolbar says about the last export, import, share or clear (or a problem found at start-up). */
export interface IoMessage {
  tone: 'info' | 'error';
  text: string;
}

/** What an export or a share link holds: the whole session, or the selected conversation. */
export type Scope = 'all' | 'conversation';

/** The session's file actions and what they said, as the toolbar shows and calls them. */
interface SessionToolbarIo {
  includeSecrets: boolean;
  setIncludeSecrets: (on: boolean) => void;
  messages: IoMessage[];
  dismiss: () => void;
  shareUrl: string | null;
  confirmingClear: boolean;
  askClear: () => void;
  cancelClear: () => void;
  clear: () => Promise<void>;
  exportSession: (scope?: Scope) => Promise<void>;
  exportHar: (scope?: Scope) => Promise<void>;
  importFile: (file: File) => Promise<void>;
  /** the hidden file input Import session clicks */
  fileInputRef: RefObject<HTMLInputElement | null>;
  openImport: () => void;
  share: (scope?: Scope) => Promise<void>;
  downloadUnreadable: () => Promise<void>;
}

export interface SessionToolbarProps {
  io: SessionToolbarIo;
  /** the autosave's state */
  status: PersistenceStatus;
  /** while another tab saves: make this tab the one that saves (absent: nothing saves at all) */
  saveFromThisTab?: () => Promise<void>;
  /** more controls, in a group of their own */
  extra?: ReactNode;
}

function statusText(status: PersistenceStatus): string {
  switch (status.kind) {
    case 'idle':
      return 'Not saved yet';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return `Saved · ${status.conversations} conversation${status.conversations === 1 ? '' : 's'}, ${status.legs} leg${status.legs === 1 ? '' : 's'}`;
    case 'error':
      return 'Not saved';
    case 'other-tab':
      return OTHER_TAB_STATUS[status.situation];
  }
}

/** The toolbar row: wraps below 1280 px only; its buttons are compact (a descendant rule beats the Button's own). */
const ROW =
  'flex flex-wrap items-center gap-x-2 gap-y-1 text-sm xl:flex-nowrap [&_button]:px-2 [&_button]:py-1 2xl:[&_button]:px-2.5 [&_button]:text-xs';
/** A group of related controls, set off from the one before by a rule. */
const GROUP = 'flex shrink-0 items-center gap-1.5 border-l border-slate-300 pl-2';

/** Export / import / HAR / share / clear, the autosave state and any message about them. */
export function SessionToolbar({ io, status, saveFromThisTab, extra }: SessionToolbarProps) {
  const text = statusText(status);
  return (
    <section aria-label="Session" className="border-b border-slate-200 bg-slate-50 px-4 py-1.5">
      {/* one row from 1280 px up: buttons in groups that never shrink, the status text truncates instead */}
      <div className={ROW}>
        <span
          role="status"
          aria-label="Autosave"
          title={text}
          className={`line-clamp-2 min-w-0 shrink text-xs leading-tight xl:max-w-56 ${status.kind === 'error' ? 'font-semibold text-red-700' : status.kind === 'other-tab' ? 'font-semibold text-amber-800' : 'text-slate-600'}`}
        >
          {text}
        </span>
        <div role="group" aria-label="Session file" className={GROUP}>
          <Button onClick={() => io.exportSession('all')}>Export session</Button>
          <Button onClick={io.openImport}>Import session</Button>
          <input
            ref={io.fileInputRef}
            type="file"
            accept="application/json,.json"
            aria-label="Session file to import"
            className="sr-only"
            tabIndex={-1}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void io.importFile(file);
            }}
          />
        </div>
        <div role="group" aria-label="Export and share" className={GROUP}>
          <Button onClick={() => io.exportHar('all')}>Export HAR</Button>
          <Button onClick={() => io.exportHar('conversation')}>Export HAR (this conversation)</Button>
          <Button onClick={() => io.share('conversation')}>Share link</Button>
          <label className="flex max-w-48 items-center gap-1.5 text-xs leading-tight text-slate-700 min-[1600px]:max-w-none">
            <input
              type="checkbox"
              className="shrink-0"
              checked={io.includeSecrets}
              onChange={(e) => io.setIncludeSecrets(e.target.checked)}
            />
            Include secrets (Authorization, tokens) in exports
          </label>
        </div>
        {extra && (
          <div role="group" aria-label="Views" className={GROUP}>
            {extra}
          </div>
        )}
        <Button variant="ghost" className="ml-auto shrink-0 text-red-700" onClick={io.askClear}>
          Clear session
        </Button>
      </div>
      {status.kind === 'error' && (
        <p role="alert" className="mt-1 rounded bg-red-50 p-2 text-sm text-red-900">
          {status.message}
        </p>
      )}
      {status.kind === 'other-tab' && saveFromThisTab && (
        <OtherTabNotice
          situation={status.situation}
          saveFromThisTab={saveFromThisTab}
          loadSaved={() => window.location.reload()}
        />
      )}
      {io.messages.map((m, i) => (
        <div
          key={i}
          role={m.tone === 'error' ? 'alert' : 'status'}
          aria-label={m.tone === 'error' ? 'Session problem' : 'Session message'}
          className={`mt-1 flex items-start gap-2 rounded p-2 text-sm ${m.tone === 'error' ? 'bg-red-50 text-red-900' : 'bg-sky-50 text-sky-900'}`}
        >
          <p className="flex-1">{m.text}</p>
          {m.text.includes('set aside') && (
            <Button onClick={() => void io.downloadUnreadable()}>Download unreadable data</Button>
          )}
          <Button variant="ghost" onClick={io.dismiss} aria-label="Dismiss message">
            ×
          </Button>
        </div>
      ))}
      {io.shareUrl && (
        <div className="mt-1 flex items-center gap-2">
          <label htmlFor="share-url" className="text-xs font-semibold">
            Share link
          </label>
          <input
            id="share-url"
            readOnly
            value={io.shareUrl}
            className="flex-1 rounded border border-slate-300 px-2 py-1 font-mono text-xs"
            onFocus={(e) => e.target.select()}
          />
          <Button onClick={() => void navigator.clipboard?.writeText(io.shareUrl ?? '')}>Copy link</Button>
        </div>
      )}
      {io.confirmingClear && <ClearConfirm io={io} />}
    </section>
  );
}

function ClearConfirm({ io }: { io: SessionToolbarIo }) {
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="clear-title"
      aria-describedby="clear-desc"
      className="mt-2 rounded border border-red-300 bg-white p-3 shadow"
      onKeyDown={(e) => {
        if (e.key === 'Escape') io.cancelClear();
      }}
    >
      <h2 id="clear-title" className="text-sm font-semibold">
        Clear the whole session?
      </h2>
      <p id="clear-desc" className="text-sm text-slate-700">
        Every conversation and leg is removed from this browser. Connection settings are kept. Export the session first
        if you may need it.
      </p>
      <div className="mt-2 flex gap-2">
        <Button variant="danger" onClick={() => void io.clear()}>
          Clear everything
        </Button>
        <Button autoFocus onClick={io.cancelClear}>
          Keep session
        </Button>
      </div>
    </div>
  );
}
