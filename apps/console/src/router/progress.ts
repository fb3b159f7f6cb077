import type { DataRouter } from 'react-router';

type Bar = { start: () => void; done: () => void };

let bar: Promise<Bar> | undefined;

/** nprogress and its CSS load with the first navigation, not with the sign-in page. */
function loadBar(): Promise<Bar> {
  bar ??= import('./progress-bar.ts').then((module) => module.default);
  return bar;
}

/** Show the top progress bar while a navigation (guard, lazy page) is pending. */
export function bindProgress(router: Pick<DataRouter, 'subscribe' | 'state'>): () => void {
  return router.subscribe((state) => {
    const busy = state.navigation.state !== 'idle';
    // Nothing to show before the first navigation: the sign-in page does not load the bar (it
    // comes with the signed-in shell's chunk, build/signed-in-chunks.ts).
    if (!busy && !bar) return;
    void loadBar().then((progress) => {
      // Decide on the router's state when the bar is ready: the navigation may be over by then.
      if (busy && router.state.navigation.state !== 'idle') progress.start();
      else progress.done();
    });
  });
}
