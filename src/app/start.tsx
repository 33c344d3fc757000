import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { bootstrap } from './bootstrap.ts';
import { preloadAfterStart } from './preload.ts';

/** Start the inspector in `element`: bootstrap (config, saved session, connect on load), then render the app. */
export function start(element: HTMLElement): void {
  const root = createRoot(element);
  void bootstrap(window.location).then(({ store, deps, persistence, notices, queryClient }) => {
    // the first render is the longest task of the start (~150 ms on a slow core): as a transition it yields every few
    // ms, so the server lists, waiting only for discover's answer, are requested while it runs rather than after it
    startTransition(() =>
      root.render(
        <StrictMode>
          <App store={store} deps={deps} persistence={persistence} notices={notices} queryClient={queryClient} />
        </StrictMode>,
      ),
    );
    preloadAfterStart();
  });
}
