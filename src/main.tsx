import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/app.tsx';
import { bootstrap } from './app/bootstrap.ts';
import { preloadAfterStart } from './app/preload.ts';
import { initTheme } from './lib/theme.ts';

// the saved (or the system's) theme before anything is drawn
initTheme();

import { handleOAuthCallback, isOAuthCallback } from './app/oauth-callback.ts';

const element = document.getElementById('root')!;
if (isOAuthCallback(window.location)) handleOAuthCallback(window.location, element);
else start();

function start() {
  const root = createRoot(element);
  void bootstrap(window.location).then(({ store, deps, persistence, notices, queryClient }) => {
    root.render(
      <StrictMode>
        <App store={store} deps={deps} persistence={persistence} notices={notices} queryClient={queryClient} />
      </StrictMode>,
    );
    preloadAfterStart();
  });
}
