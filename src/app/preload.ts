import { preloadSelectedConversation } from './screens/conversation-screen.tsx';
import { preloadTimelineDetails } from './screens/timeline-screen.tsx';
import { preloadSchemaForm } from '../features/call/arguments-editor.tsx';
import { runInLongIdle } from '../lib/long-idle.ts';

/**
 * A while after start, when the browser is idle, fetches the lazy chunks a first call shows (composer, input
 * requests, result, leg inspector, conversation views) and the arguments form, so a pick or a call does not wait for
 * them. Never on the critical path: the first screen and the first requests to the server go first. One step (the
 * form, the view with its elicitation form, the two timeline chunks) per long idle period (lib/long-idle.ts), so their
 * evaluation stays out of the frames of a scroll or of an import's aftermath. Presenter, palette, doctor, settings and
 * the import/export codecs stay on demand.
 */
export function preloadAfterStart(delayMs = 1000, win: Window = window): void {
  win.setTimeout(
    () => runInLongIdle([preloadSchemaForm, preloadSelectedConversation, preloadTimelineDetails], win),
    delayMs,
  );
}
