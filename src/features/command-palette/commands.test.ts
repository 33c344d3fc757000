import { describe, expect, it } from 'vitest';
import { filterCommands, formatShortcut, matchesShortcut, type Command } from './commands.ts';

const key = (
  k: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
  code?: string,
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
  ...(code ? { code } : {}),
});

describe('command shortcuts', () => {
  it('matches Ctrl on Linux and Cmd on a Mac when the shortcut uses mod', () => {
    const s = { key: 'Enter', mod: true };
    expect(matchesShortcut(key('Enter', { ctrlKey: true }), s, false)).toBe(true);
    expect(matchesShortcut(key('Enter', { metaKey: true }), s, true)).toBe(true);
    expect(matchesShortcut(key('Enter', { metaKey: true }), s, false)).toBe(false);
  });

  it('does not fire a mod+Enter command when Shift is also held', () => {
    expect(matchesShortcut(key('Enter', { ctrlKey: true, shiftKey: true }), { key: 'Enter', mod: true }, false)).toBe(
      false,
    );
  });

  it('falls back to the physical key when Alt changes the character on a Mac', () => {
    expect(matchesShortcut(key('π', { altKey: true }, 'KeyP'), { key: 'p', alt: true }, true)).toBe(true);
  });

  it('formats shortcuts for each platform', () => {
    expect(formatShortcut({ key: 'Enter', mod: true, shift: true }, false)).toBe('Ctrl+Shift+Enter');
    expect(formatShortcut({ key: 'k', mod: true }, true)).toBe('⌘K');
    expect(formatShortcut({ key: 'ArrowDown', alt: true }, false)).toBe('Alt+↓');
  });

  it('keeps only commands holding every word when filtering', () => {
    const cmds = ['Export HAR', 'Export session', 'Import session'].map((title): Command => ({
      id: title,
      title,
      group: 'Files',
      run: () => {},
    }));
    expect(filterCommands(cmds, 'sess exp').map((c) => c.title)).toEqual(['Export session']);
    expect(filterCommands(cmds, '').length).toBe(3);
  });
});
