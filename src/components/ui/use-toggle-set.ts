import { useCallback, useState } from 'react';

/** A set of ids the user opened (folded rows expanded), with a toggle that adds an id or takes it out. */
export function useToggleSet(): [ReadonlySet<string>, (id: string) => void] {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback(
    (id: string) =>
      setOpen((prev) => {
        const next = new Set(prev);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  return [open, toggle];
}
