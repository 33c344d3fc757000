import type { ReactNode } from 'react';

/** A titled region; `label` becomes its accessible name. */
export function Panel({
  label,
  title,
  actions,
  children,
  className = '',
}: {
  label: string;
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-label={label} className={`rounded-lg border border-slate-200 bg-white shadow-sm ${className}`}>
      <header className="flex items-center justify-between gap-2 border-b border-slate-100 px-3 py-2">
        <h2 className="text-sm font-semibold text-slate-800">{title ?? label}</h2>
        {actions && <div className="flex items-center gap-2">{actions}</div>}
      </header>
      <div className="p-3">{children}</div>
    </section>
  );
}
