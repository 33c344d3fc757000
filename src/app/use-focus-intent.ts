import { useEffect } from 'react';
import { buttonNamed, firstPendingRequest, moveFocusWhenReady, regionNamed } from '../lib/move-focus.ts';
import type { FocusTarget } from '../session/focus.ts';
import { useInspector } from '../store/store-context.tsx';

/** The element a focus target names on the page, once it is rendered. */
function focusTargetElement(target: FocusTarget, doc: Document = document): HTMLElement | null {
  switch (target) {
    case 'first-request':
      return firstPendingRequest(doc);
    case 'result':
      return regionNamed('Result', doc);
    case 'run-button':
      return buttonNamed(regionNamed('Next request', doc), 'Run to completion');
  }
}

/**
 * Applies the store's focus intents after render: the one place that moves focus when a step of the call flow ends
 * (a call answered, a leg sent, a run stopped). The target may render a moment later (a lazy view), so it watches the
 * page for it; focus moves only while it is still in the region the user acted in, or nowhere.
 */
export function useFocusIntent(): void {
  const intent = useInspector((s) => s.focusIntent);
  useEffect(() => {
    if (!intent) return;
    return moveFocusWhenReady(() => focusTargetElement(intent.target), { from: regionNamed(intent.from) });
  }, [intent]);
}

/**
 * useFocusIntent as a component that renders nothing: a new intent (every answered call or sent leg) re-renders only
 * this, not the component that holds it (in the shell's body it re-rendered the whole page: catalog, toolbar, call
 * panel, on every answer).
 */
export function FocusIntent(): null {
  useFocusIntent();
  return null;
}
