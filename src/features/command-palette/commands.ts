/** A key combination; `mod` is Ctrl, or ⌘ on a Mac. */
export interface Shortcut {
  key: string;
  mod?: boolean;
  shift?: boolean;
  alt?: boolean;
}

export interface Command {
  id: string;
  title: string;
  group: string;
  shortcut?: Shortcut;
  /** why it cannot run now (shown greyed out with this reason) */
  disabledReason?: string;
  run: () => void;
}

export const PALETTE_SHORTCUT: Shortcut = { key: 'k', mod: true };

function isMac(platform = typeof navigator === 'undefined' ? '' : navigator.platform): boolean {
  return /mac|iphone|ipad/i.test(platform);
}

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  code?: string;
}

export function matchesShortcut(e: KeyLike, s: Shortcut, mac = isMac()): boolean {
  const mod = mac ? e.metaKey : e.ctrlKey;
  if (Boolean(s.mod) !== mod || Boolean(s.shift) !== e.shiftKey || Boolean(s.alt) !== e.altKey) return false;
  if (!s.mod && (mac ? e.ctrlKey : e.metaKey)) return false;
  const key = s.key.toLowerCase();
  // with Alt held, a Mac types another character: fall back to the physical key
  return e.key.toLowerCase() === key || (key.length === 1 && e.code === `Key${key.toUpperCase()}`);
}

const names: Record<string, string> = { arrowup: '↑', arrowdown: '↓', arrowleft: '←', arrowright: '→', enter: 'Enter' };

export function formatShortcut(s: Shortcut, mac = isMac()): string {
  const parts: string[] = [];
  if (s.mod) parts.push(mac ? '⌘' : 'Ctrl');
  if (s.alt) parts.push(mac ? '⌥' : 'Alt');
  if (s.shift) parts.push(mac ? '⇧' : 'Shift');
  parts.push(names[s.key.toLowerCase()] ?? s.key.toUpperCase());
  return parts.join(mac ? '' : '+');
}

/** Commands whose title or group holds every word of the query, in their original order. */
export function filterCommands(commands: Command[], query: string): Command[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return commands.filter((c) => {
    const text = `${c.title} ${c.group}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
