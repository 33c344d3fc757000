/**
 * Light and dark themes: the user's choice (System / Light / Dark) is remembered in localStorage (it is no secret);
 * "System" follows `prefers-color-scheme` and changes with it. The resolved theme is `data-theme` on <html>, which
 * `src/theme.css` reads.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_KEY = 'mrtr-inspector:theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

interface ThemeEnv {
  root: HTMLElement;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  matchMedia?: ((query: string) => MediaQueryList) | undefined;
}

function browserEnv(): ThemeEnv {
  let storage: Storage | undefined;
  try {
    storage = window.localStorage;
  } catch {
    storage = undefined; // storage blocked: the choice lasts for this page only
  }
  return { root: document.documentElement, storage, matchMedia: window.matchMedia?.bind(window) };
}

export function readThemeChoice(storage: ThemeEnv['storage']): ThemeChoice {
  let saved: string | null;
  try {
    saved = storage?.getItem(THEME_KEY) ?? null;
  } catch {
    saved = null;
  }
  return saved === 'light' || saved === 'dark' ? saved : 'system';
}

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

/**
 * Applies `choice` to the root now and, for "system", whenever the system preference changes. Returns the resolved
 * theme and a function that stops following the system.
 */
export function applyTheme(choice: ThemeChoice, env: ThemeEnv = browserEnv()): { theme: Theme; stop: () => void } {
  const media = env.matchMedia?.(DARK_QUERY);
  const set = () => {
    const theme = resolveTheme(choice, media?.matches ?? false);
    env.root.dataset.theme = theme;
    return theme;
  };
  const theme = set();
  if (choice !== 'system' || !media) return { theme, stop: () => {} };
  media.addEventListener('change', set);
  return { theme, stop: () => media.removeEventListener('change', set) };
}

/** Remembers the choice; a storage that refuses (private mode, quota) keeps it for this page only. */
export function saveThemeChoice(choice: ThemeChoice, storage: ThemeEnv['storage'] = browserEnv().storage): boolean {
  try {
    storage?.setItem(THEME_KEY, choice);
    return storage !== undefined;
  } catch {
    return false;
  }
}

/** At start-up, before the first render: the saved choice (or the system's) applied to <html>. */
export function initTheme(env: ThemeEnv = browserEnv()): { choice: ThemeChoice; stop: () => void } {
  const choice = readThemeChoice(env.storage);
  return { choice, stop: applyTheme(choice, env).stop };
}
