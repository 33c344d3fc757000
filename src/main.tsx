import './index.css';
import { handleOAuthCallback, isOAuthCallback } from './app/oauth-callback.ts';
import { initTheme } from './lib/theme.ts';

// the saved (or the system's) theme before anything is drawn
initTheme();

const element = document.getElementById('root')!;
// The sign-in window (/oauth/callback) only hands the redirect URL to the inspector tab and closes: it must not wait
// for the whole app to load first (in the dev server that is hundreds of modules, seconds per sign-in), so the app
// is imported only when this page is the inspector itself.
if (isOAuthCallback(window.location)) handleOAuthCallback(window.location, element);
else void import('./app/start.tsx').then(({ start }) => start(element));
