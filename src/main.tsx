import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/app.tsx';
import { bootstrap } from './app/bootstrap.ts';

const root = createRoot(document.getElementById('root')!);
void bootstrap(window.location).then(({ store, deps, persistence, notices }) => {
  root.render(
    <StrictMode>
      <App store={store} deps={deps} persistence={persistence} notices={notices} />
    </StrictMode>,
  );
});
