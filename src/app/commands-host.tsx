import { lazy, Suspense } from 'react';
import { useShortcuts } from '../features/command-palette/use-shortcuts.ts';
import type { SessionIo } from './use-session-io.ts';
import { useAppCommands } from './app-commands.ts';

const CommandPalette = lazy(() =>
  import('../features/command-palette/command-palette.tsx').then((m) => ({ default: m.CommandPalette })),
);

export interface CommandsHostProps {
  io: SessionIo;
  openPresenter: () => void;
  openDemo: () => void;
  /** the palette is open */
  palette: boolean;
  setPalette: (open: boolean) => void;
  /** shortcuts listen (not while the presenter or the palette has the keyboard) */
  shortcuts: boolean;
}

/**
 * The app's commands: their keyboard shortcuts, and the palette when it is open. A component of its own because the
 * commands read the session (every leg, every run): held by the shell, each of those re-rendered the whole page under
 * it (catalog, toolbars, call panel) on every call; here they re-render only this.
 */
export function CommandsHost({ io, openPresenter, openDemo, palette, setPalette, shortcuts }: CommandsHostProps) {
  const commands = useAppCommands({ io, openPresenter, openDemo });
  useShortcuts(commands, () => setPalette(true), shortcuts);
  if (!palette) return null;
  return (
    <Suspense fallback={<p className="sr-only">Loading…</p>}>
      <CommandPalette commands={commands} onClose={() => setPalette(false)} />
    </Suspense>
  );
}
