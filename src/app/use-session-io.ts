import { useCallback, useRef, useState } from 'react';
import { parseSessionFileOffThread } from '../features/session-io/parse-off-thread.ts';
import { pickConversations } from '../session/io/merge.ts';
import type { ImportOrigin } from '../session/io/import-origin.ts';
import type { SessionState } from '../session/model.ts';
import type { Persistence } from '../store/persistence/persistence.ts';
import { useInspectorActions } from '../store/store-context.tsx';
import { downloadBlob, downloadText, slug, stampedName } from '../lib/download.ts';
import { exportOffThread } from '../features/session-io/export-off-thread.ts';
import type { IoMessage, Scope } from '../features/session-io/session-toolbar.tsx';
import { groupDigits } from '../lib/text.ts';

// The codecs (zod, fflate, HAR) load on first use, not with the first screen.
const shareCodec = () => import('../session/io/share-link.ts');

/** Largest session file accepted (bigger files would freeze the tab while parsing). */
const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

/** End a message with a full stop unless it already ends a sentence. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** Export, import, HAR, share links and clearing: the actions behind the session toolbar and the command palette. */
export function useSessionIo(persistence: Persistence | undefined, initialMessages: IoMessage[] = []) {
  const actions = useInspectorActions();
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [messages, setMessages] = useState<IoMessage[]>(initialMessages);
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const say = useCallback((tone: IoMessage['tone'], text: string) => setMessages([{ tone, text }]), []);

  const scoped = useCallback(
    (scope: Scope): { session: SessionState; name: string; notSecret: string[] } | string => {
      const s = actions.exportSource();
      if (scope === 'all') return { session: s.session, name: 'mrtr-session', notSecret: s.notSecret };
      const id = s.selectedConversationId;
      const c = id ? s.session.conversations[id] : undefined;
      if (!c) return 'Select a conversation first.';
      return {
        session: pickConversations(s.session, [c.id]),
        name: `mrtr-${slug(c.title)}`,
        notSecret: s.notSecret,
      };
    },
    [actions],
  );

  const exportSession = useCallback(
    async (scope: Scope = 'all') => {
      const picked = scoped(scope);
      if (typeof picked === 'string') return say('error', picked);
      const now = Date.now();
      // redacted, converted and serialised in a worker: a 32 MB stream's session made a multi-second frame here
      const file = await exportOffThread({
        kind: 'session',
        session: picked.session,
        includeSecrets,
        notSecret: picked.notSecret,
        now,
      }).catch((err: unknown) => err as Error);
      if (file instanceof Error) return say('error', `Could not export the session: ${sentence(file.message)}`);
      downloadBlob(stampedName(picked.name, 'json', now), file.blob);
      say(
        'info',
        `Exported ${file.count} conversation(s)${includeSecrets ? ' with secrets included' : ', secrets redacted'}.`,
      );
    },
    [includeSecrets, say, scoped],
  );

  const exportHar = useCallback(
    async (scope: Scope = 'all') => {
      const s = actions.exportSource();
      const conversationId = scope === 'conversation' ? s.selectedConversationId : undefined;
      if (scope === 'conversation' && !conversationId) return say('error', 'Select a conversation first.');
      const file = await exportOffThread({
        kind: 'har',
        session: s.session,
        includeSecrets,
        notSecret: s.notSecret,
        ...(conversationId ? { conversationId } : {}),
      }).catch((err: unknown) => err as Error);
      if (file instanceof Error) return say('error', `Could not export the HAR: ${sentence(file.message)}`);
      const name = conversationId ? `mrtr-${slug(s.session.conversations[conversationId]?.title ?? '')}` : 'mrtr-legs';
      downloadBlob(stampedName(name, 'har', Date.now()), file.blob);
      say(
        'info',
        `Exported ${file.count} leg(s) as HAR 1.2${includeSecrets ? ' with secrets included' : ', secrets redacted'}.`,
      );
    },
    [actions, includeSecrets, say],
  );

  const adopt = useCallback(
    (incoming: SessionState, origin: ImportOrigin): number => actions.adoptSession(incoming, origin),
    [actions],
  );

  const importFile = useCallback(
    async (file: File) => {
      if (file.size > MAX_IMPORT_BYTES) {
        return say(
          'error',
          `Could not import ${file.name}: it is ${(file.size / 1048576).toFixed(1)} MB; the limit is 50 MB.`,
        );
      }
      // parsed in a worker: its garbage (tens of MB for a long session) stays off the page's heap
      const parsed = await parseSessionFileOffThread(file);
      if (!parsed.ok)
        return say(
          'error',
          `Could not import ${file.name}: ${sentence(parsed.error)} Your current session is unchanged.`,
        );
      const added = adopt(parsed.session, { source: 'file', name: file.name, at: Date.now() });
      const legs = Object.keys(parsed.session.legs).length;
      say(
        'info',
        added === 0
          ? `${file.name} holds nothing new: its conversations are already here.`
          : `Imported ${added} conversation(s), ${legs} leg(s) from ${file.name}. They are recordings, shown offline; "Re-run against live server" calls the server again.`,
      );
    },
    [adopt, say],
  );

  const share = useCallback(
    async (scope: Scope = 'conversation') => {
      const s = actions.exportSource();
      const id = s.selectedConversationId;
      if (scope === 'conversation' && !id) return say('error', 'Select a conversation to share.');
      const { encodeShareLink } = await shareCodec();
      const base = window.location.href.split('#')[0] ?? '';
      const result = encodeShareLink(s.session, {
        baseUrl: base,
        now: Date.now(),
        includeSecrets,
        notSecret: s.notSecret,
        ...(scope === 'conversation' && id ? { conversationIds: [id] } : {}),
      });
      if (!result.ok) {
        setShareUrl(null);
        return say('error', result.error);
      }
      setShareUrl(result.url);
      say(
        'info',
        `Share link ready (${groupDigits(result.chars)} characters). The session is in the fragment after #, which browsers never send to a server.`,
      );
      void navigator.clipboard?.writeText(result.url).catch(() => undefined);
    },
    [actions, includeSecrets, say],
  );

  const clear = useCallback(async () => {
    setConfirmingClear(false);
    if (persistence) await persistence.clearSession();
    else actions.clearSession();
    setShareUrl(null);
    say('info', 'The session was cleared. Connection settings were kept.');
  }, [actions, persistence, say]);

  const downloadUnreadable = useCallback(async () => {
    const parts = (await persistence?.unreadable()) ?? [];
    for (const p of parts) downloadText(`${slug(p.key)}-unreadable.json`, p.text);
    if (parts.length === 0) say('info', 'No unreadable data is kept.');
  }, [persistence, say]);

  return {
    // the autosave status is read where it is shown (SessionToolbar), not here: this hook runs in the shell, and a
    // status change re-rendering the whole shell (timeline, recorded conversation) cost a long frame after each save
    persistence,
    includeSecrets,
    setIncludeSecrets,
    messages,
    dismiss: () => setMessages([]),
    shareUrl,
    confirmingClear,
    askClear: () => setConfirmingClear(true),
    cancelClear: () => setConfirmingClear(false),
    clear,
    exportSession,
    exportHar,
    importFile,
    fileInputRef,
    openImport: () => fileInputRef.current?.click(),
    share,
    adopt,
    downloadUnreadable,
    say,
  };
}

export type SessionIo = ReturnType<typeof useSessionIo>;
