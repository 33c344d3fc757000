import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { filterCommands, formatShortcut, type Command } from './commands.ts';

/** Ctrl/Cmd-K: every action by name, with its shortcut; type to filter, arrows to move, Enter to run. */
export function CommandPalette({ commands, onClose }: { commands: Command[]; onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const shown = useMemo(() => filterCommands(commands, query), [commands, query]);
  const index = Math.min(active, Math.max(0, shown.length - 1));

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    input.current?.focus();
    return () => opener?.focus?.();
  }, []);

  const run = (command: Command | undefined) => {
    if (!command || command.disabledReason) return;
    onClose();
    command.run();
  };

  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center bg-slate-900/40 pt-24" onClick={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        className="w-full max-w-xl rounded-lg bg-white shadow-xl"
        onClick={(e) => e.stopPropagation()}
      >
        <input
          ref={input}
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={shown[index] ? `${listId}-${shown[index].id}` : undefined}
          aria-label="Search commands"
          placeholder="Type a command…"
          className="w-full rounded-t-lg border-b border-slate-200 px-4 py-3 text-base focus:outline-none"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') setActive((index + 1) % Math.max(1, shown.length));
            else if (e.key === 'ArrowUp') setActive((index - 1 + shown.length) % Math.max(1, shown.length));
            else if (e.key === 'Enter') run(shown[index]);
            else if (e.key === 'Escape') onClose();
            else return;
            e.preventDefault();
          }}
        />
        <ul id={listId} role="listbox" aria-label="Commands" className="max-h-96 overflow-auto py-1">
          {shown.length === 0 && <li className="px-4 py-2 text-sm text-slate-500">No command matches “{query}”.</li>}
          {shown.map((c, i) => (
            <li
              key={c.id}
              id={`${listId}-${c.id}`}
              role="option"
              aria-selected={i === index}
              aria-disabled={c.disabledReason ? true : undefined}
              className={`flex cursor-pointer items-center gap-3 px-4 py-2 text-sm ${i === index ? 'bg-indigo-50' : ''} ${c.disabledReason ? 'text-slate-400' : ''}`}
              onMouseEnter={() => setActive(i)}
              onClick={() => run(c)}
            >
              <span className="w-20 text-xs text-slate-500">{c.group}</span>
              <span className="flex-1">
                {c.title}
                {c.disabledReason && <span className="ml-2 text-xs">({c.disabledReason})</span>}
              </span>
              {c.shortcut && (
                <kbd className="rounded bg-slate-100 px-1.5 text-xs text-slate-600">{formatShortcut(c.shortcut)}</kbd>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
