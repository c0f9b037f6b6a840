import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { currentApiRoot } from './api/client';

/** The admin app's entry: the API root comes from the page URL (the part before /admin/). */
createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <App root={currentApiRoot()} />
  </StrictMode>,
);
