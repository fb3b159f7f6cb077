import { preloadShell } from '../router/layout-loader.ts';

type AppModule = typeof import('../app/app.tsx');

let app: Promise<AppModule> | undefined;
let homeRequested = false;

/** The console with its router (app/app.tsx), which comes with the signed-in shell's chunk. */
export function loadApp(): Promise<AppModule> {
  app ??= import('../app/app.tsx');
  return app;
}

/**
 * Starts loading what signing in leads to while the visitor fills in the sign-in form: the router
 * and the signed-in layout (one chunk, build/signed-in-chunks.ts) and the dashboard. Once per page
 * load.
 */
export function preloadSignedIn(): void {
  preloadShell();
  loadApp().catch(() => {
    // Left to the load after signing in, which reports its own failure.
    app = undefined;
  });
  // Where most sign-ins land (full mode's home): its page, and with it the shell's style sheet.
  if (homeRequested) return;
  homeRequested = true;
  import('../pages/dashboard/Dashboard.tsx').catch(() => {
    homeRequested = false;
  });
}
