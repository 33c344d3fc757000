import { describe, expect, it } from 'vitest';
import { applyTheme, initTheme, readThemeChoice, resolveTheme, saveThemeChoice, THEME_KEY } from './theme.ts';

function fakeMedia(initial: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: initial,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  } as unknown as MediaQueryList;
  return {
    matchMedia: () => media,
    flip(dark: boolean) {
      (media as { matches: boolean }).matches = dark;
      for (const fn of listeners) fn();
    },
    listeners,
  };
}

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('theme', () => {
  it('follows the system preference when nothing was chosen', () => {
    const root = document.createElement('html');
    const media = fakeMedia(true);
    const { choice } = initTheme({ root, storage: memoryStorage(), matchMedia: media.matchMedia });
    expect(choice).toBe('system');
    expect(root.dataset.theme).toBe('dark');
    media.flip(false);
    expect(root.dataset.theme).toBe('light');
  });

  it('keeps an explicit choice whatever the system says', () => {
    const root = document.createElement('html');
    const media = fakeMedia(true);
    const storage = memoryStorage({ [THEME_KEY]: 'light' });
    initTheme({ root, storage, matchMedia: media.matchMedia });
    expect(root.dataset.theme).toBe('light');
    media.flip(true);
    expect(root.dataset.theme).toBe('light');
    expect(media.listeners.size).toBe(0);
  });

  it('stops following the system when stop is called', () => {
    const root = document.createElement('html');
    const media = fakeMedia(false);
    const { stop } = applyTheme('system', { root, matchMedia: media.matchMedia });
    stop();
    media.flip(true);
    expect(root.dataset.theme).toBe('light');
  });

  it('ignores an unknown saved value and survives a storage that throws', () => {
    expect(readThemeChoice(memoryStorage({ [THEME_KEY]: 'neon' }))).toBe('system');
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readThemeChoice(throwing)).toBe('system');
    expect(saveThemeChoice('dark', throwing)).toBe(false);
  });

  it('remembers the choice when saved', () => {
    const storage = memoryStorage();
    expect(saveThemeChoice('dark', storage)).toBe(true);
    expect(storage.data.get(THEME_KEY)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });
});
