import type { KeyboardEvent, ReactNode } from 'react';

export interface TabSpec<T extends string> {
  id: T;
  label: ReactNode;
}

/** The ids that tie a tab to its panel (`aria-controls` / `aria-labelledby`). */
function tabIds(prefix: string, id: string): { tab: string; panel: string } {
  return { tab: `${prefix}-tab-${id}`, panel: `${prefix}-panel` };
}

/**
 * An ARIA tab list (WAI-ARIA Authoring Practices "Tabs" pattern): only tabs inside the tablist, one tab stop (roving
 * tabindex), Arrow Left/Right move and select, Home/End jump to the ends. The panel is rendered by the caller with
 * `TabPanel` and the same prefix.
 */
export function TabList<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  idPrefix,
  className = 'flex flex-wrap gap-1',
  tabClassName = (on) =>
    `rounded-t px-2 py-1 text-xs focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
      on ? 'bg-slate-800 text-white' : 'bg-slate-100 text-slate-800 hover:bg-slate-200'
    }`,
}: {
  label: string;
  tabs: readonly TabSpec<T>[];
  selected: T;
  onSelect: (id: T) => void;
  idPrefix: string;
  className?: string;
  tabClassName?: (selected: boolean) => string;
}) {
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const i = tabs.findIndex((t) => t.id === selected);
    let next: number | undefined;
    if (e.key === 'ArrowRight') next = (i + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (i - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    const tab = next === undefined ? undefined : tabs[next];
    if (!tab) return;
    e.preventDefault();
    onSelect(tab.id);
    // the tab keeps its id across renders, so focus can move to it at once
    (e.currentTarget.querySelector(`#${CSS.escape(tabIds(idPrefix, tab.id).tab)}`) as HTMLElement | null)?.focus();
  }
  return (
    <div role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
      {tabs.map((t) => {
        const ids = tabIds(idPrefix, t.id);
        const on = t.id === selected;
        return (
          <button
            key={t.id}
            id={ids.tab}
            type="button"
            role="tab"
            aria-selected={on}
            aria-controls={ids.panel}
            tabIndex={on ? 0 : -1}
            onClick={() => onSelect(t.id)}
            className={tabClassName(on)}
          >
            {t.label}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of the selected tab; focusable so a keyboard user can reach content that has no control of its own. */
export function TabPanel({
  idPrefix,
  selected,
  children,
  className,
}: {
  idPrefix: string;
  selected: string;
  children: ReactNode;
  className?: string;
}) {
  const ids = tabIds(idPrefix, selected);
  return (
    <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} tabIndex={0} className={className}>
      {children}
    </div>
  );
}
