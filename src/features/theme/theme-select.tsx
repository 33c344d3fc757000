import { useEffect, useState } from 'react';
import { applyTheme, readThemeChoice, saveThemeChoice, type ThemeChoice } from '../../lib/theme.ts';

const CHOICES: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** "Theme": System (follows prefers-color-scheme), Light or Dark; remembered in this browser. */
export function ThemeSelect() {
  const [choice, setChoice] = useState<ThemeChoice>(() => readThemeChoice(safeStorage()));
  useEffect(() => applyTheme(choice).stop, [choice]);
  return (
    <label className="flex items-center gap-1 text-sm text-slate-700">
      Theme
      <select
        value={choice}
        onChange={(e) => {
          const next = e.target.value as ThemeChoice;
          saveThemeChoice(next);
          setChoice(next);
        }}
        className="rounded border border-slate-300 bg-white px-1 py-1 text-sm text-slate-900"
      >
        {CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
