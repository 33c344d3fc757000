import { useEffect, useRef } from 'react';
import { matchesShortcut, PALETTE_SHORTCUT, type Command } from './commands.ts';

function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.isContentEditable)
  );
}

/**
 * Global keyboard shortcuts: Ctrl/Cmd-K opens the palette; each command's own shortcut runs it. Shortcuts without a
 * modifier are ignored while typing in a field, so they never eat text.
 */
export function useShortcuts(commands: Command[], openPalette: () => void, enabled = true): void {
  const latest = useRef({ commands, openPalette });
  useEffect(() => {
    latest.current = { commands, openPalette };
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      if (matchesShortcut(e, PALETTE_SHORTCUT)) {
        e.preventDefault();
        latest.current.openPalette();
        return;
      }
      for (const command of latest.current.commands) {
        const s = command.shortcut;
        if (!s || !matchesShortcut(e, s)) continue;
        if (!s.mod && !s.alt && typing(e.target)) return;
        e.preventDefault();
        if (!command.disabledReason) command.run();
        return;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
