// First: no schema may be built before zod knows it must not use eval (see the module).
import './app/schemas-without-eval.ts';
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
