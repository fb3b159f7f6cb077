// First: no schema may be built before zod knows it must not use eval (see the module).
import './app/schemas-without-eval.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import './app/global.css';
import './i18n/index.ts';
import { bindNavigate } from './router/navigate.ts';
import { loginStart } from './start/login-start.tsx';
import { loadApp } from './start/signed-in.ts';
import { startRoute } from './start/start-route.ts';
import { installErrorLog } from './stores/error-log.ts';
import { useUserStore } from './stores/user.ts';

installErrorLog();

const container = document.getElementById('app')!;
let root: Root | undefined;

/** The console with its router, in place of whatever the page shows (issue 18 item 2). */
async function startApp(): Promise<void> {
  const { App } = await loadApp();
  if (!root) {
    container.textContent = '';
    root = createRoot(container);
  }
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

const first = startRoute({
  path: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
  hasToken: Boolean(useUserStore.getState().token),
});

if (first.type === 'login') {
  if (first.url) window.history.replaceState(null, '', first.url);
  // Until the router is on, leaving the sign-in page (signed in, the register link, a refused
  // licence) sets the address and starts it there; the router then takes navigation over.
  bindNavigate((to, replace) => {
    if (replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    void startApp();
  });
  // The served page holds the form the build rendered (its early script left it there: no
  // session, an address of the sign-in page); without it (the development server) render anew.
  if (container.firstElementChild) root = hydrateRoot(container, loginStart());
  else {
    root = createRoot(container);
    root.render(loginStart());
  }
} else {
  void startApp();
}
