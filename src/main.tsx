import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/app.tsx';
import { bootstrap } from './app/bootstrap.ts';

const root = createRoot(document.getElementById('root')!);
void bootstrap(window.location).then(({ store, deps }) => {
  root.render(
    <StrictMode>
      <App store={store} deps={deps} />
    </StrictMode>,
  );
});
