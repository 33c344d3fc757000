import { useState, type ReactNode } from 'react';

export interface LazyDetailsProps {
  summary: ReactNode;
  /** called the first time the disclosure opens; rendered from then on, open or closed (its state survives) */
  children: () => ReactNode;
  className?: string;
  summaryClassName?: string;
}

/**
 * A `<details>` whose content is built only once someone opens it. A closed disclosure of an expensive panel (the
 * requestState lab reads every state in the session) then costs nothing on the view that holds it; after the first
 * open the content stays mounted, so closing and reopening keeps what the user did in it.
 */
export function LazyDetails({ summary, children, className, summaryClassName }: LazyDetailsProps) {
  const [opened, setOpened] = useState(false);
  return (
    <details className={className} onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary className={summaryClassName}>{summary}</summary>
      {opened && children()}
    </details>
  );
}
