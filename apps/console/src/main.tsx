import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './app/global.css';
import './i18n/index.ts';
import { installErrorLog } from './stores/error-log.ts';

installErrorLog();

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
