import { useEffect, useMemo, useRef, useState } from 'react';
import type { Conversation, Leg } from '../../session/model.ts';
import { describeLeg } from './captions.ts';
import { LaneView } from './lane-view.tsx';

export interface PresenterProps {
  conversations: { id: string; title: string }[];
  conversation: Conversation | undefined;
  legs: Leg[];
  /** the conversation can still grow (in flight or waiting for a retry) */
  live: boolean;
  /** start at this leg when it belongs to the conversation (the leg selected in the timeline) */
  startLegId?: string | null;
  message?: string;
  onPick: (conversationId: string) => void;
  onOpenDemo: () => void;
  onClose: () => void;
}

const btn =
  'rounded-lg border border-slate-500 px-4 py-2 text-lg font-medium hover:bg-slate-700 focus:outline-none focus-visible:ring-4 focus-visible:ring-indigo-400 disabled:opacity-40';

function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/** Full-screen presenter: one leg at a time, large type, a lane view and a plain-language caption; arrows move. */
export function Presenter(p: PresenterProps) {
  const stories = useMemo(
    () => (p.conversation ? p.legs.map((leg, i) => describeLeg(p.conversation!, leg, i + 1)) : []),
    [p.conversation, p.legs],
  );
  const [step, setStep] = useState(() =>
    Math.max(
      0,
      p.legs.findIndex((l) => l.id === p.startLegId),
    ),
  );
  const [shownFor, setShownFor] = useState({ id: p.conversation?.id, count: stories.length });
  // a new conversation starts at its first leg; a live one follows new legs when the presenter is on the last
  if (shownFor.id !== p.conversation?.id || shownFor.count !== stories.length) {
    const followed = shownFor.id === p.conversation?.id && step >= shownFor.count - 1;
    setShownFor({ id: p.conversation?.id, count: stories.length });
    setStep(shownFor.id !== p.conversation?.id ? 0 : followed ? Math.max(0, stories.length - 1) : step);
  }
  const last = stories.length - 1;
  const current = Math.min(step, Math.max(0, last));
  const story = stories[current];
  const dialog = useRef<HTMLDivElement>(null);

  const { onClose } = p;
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.focus();
    return () => opener?.focus?.();
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'Escape') return onClose();
      if (typing(e.target)) return;
      const moves: Record<string, (n: number) => number> = {
        ArrowRight: (n) => n + 1,
        ArrowDown: (n) => n + 1,
        PageDown: (n) => n + 1,
        ' ': (n) => n + 1,
        ArrowLeft: (n) => n - 1,
        ArrowUp: (n) => n - 1,
        PageUp: (n) => n - 1,
        Home: () => 0,
        End: () => last,
      };
      const move = moves[e.key];
      if (!move) return;
      e.preventDefault();
      setStep((n) => Math.max(0, Math.min(last, move(Math.min(n, last)))));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [last, onClose]);

  return (
    <div
      ref={dialog}
      tabIndex={-1}
      role="dialog"
      aria-modal="true"
      aria-label="Presenter"
      className="fixed inset-0 z-50 flex flex-col gap-6 overflow-auto bg-slate-900 p-8 text-slate-50 focus:outline-none"
    >
      <header className="flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-bold text-indigo-300">MRTR, one leg at a time</h2>
        <label htmlFor="presenter-conversation" className="text-lg">
          Conversation
        </label>
        <select
          id="presenter-conversation"
          className="rounded bg-slate-800 px-2 py-1 text-lg"
          value={p.conversation?.id ?? ''}
          onChange={(e) => p.onPick(e.target.value)}
        >
          {!p.conversation && <option value="">(none)</option>}
          {p.conversations.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
        <button type="button" className={btn} onClick={p.onOpenDemo}>
          Open demo
        </button>
        <button type="button" className={`${btn} ml-auto`} onClick={p.onClose}>
          Close presenter
        </button>
      </header>
      {p.message && <p className="text-lg text-amber-200">{p.message}</p>}
      {!story && (
        <p className="text-3xl leading-snug">
          {p.conversation
            ? 'This conversation has no legs yet. Send it, and each leg appears here as it happens.'
            : 'Pick a conversation, or open the demo recorded against the bundled mock server.'}
        </p>
      )}
      {story && p.conversation && (
        <>
          <p aria-live="polite" className="text-xl text-slate-300">
            <span className="font-mono">{p.conversation.title}</span> · Leg {current + 1} of {stories.length}
            {p.live && current === last ? ' · live: more legs may follow' : ''}
          </p>
          <p aria-label="Caption" className="max-w-5xl text-3xl leading-snug font-medium">
            {story.caption}
          </p>
          <LaneView stories={stories} current={current} />
        </>
      )}
      <footer className="mt-auto flex items-center gap-3">
        <button type="button" className={btn} disabled={current <= 0} onClick={() => setStep(current - 1)}>
          ◀ Previous leg
        </button>
        <button type="button" className={btn} disabled={current >= last} onClick={() => setStep(current + 1)}>
          Next leg ▶
        </button>
        <p className="text-base text-slate-400">Arrow keys, Page Up/Down or Space move; Esc closes.</p>
      </footer>
    </div>
  );
}
