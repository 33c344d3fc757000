import { useMemo } from 'react';
import { connectionContextOf, type ConnectionFields } from '../session/selectors.ts';
import { useInspector } from './store-context.tsx';
import { currentSettings } from './connection-slice.ts';

/**
 * The wire context new legs are composed with (the working connection settings), re-made only when one of its fields
 * changes: what the store's `connectionContext()` gives, for render.
 */
export function useConnectionContext() {
  const fields: ConnectionFields = useInspector(currentSettings);
  return useMemo(() => connectionContextOf(fields), [fields]);
}
