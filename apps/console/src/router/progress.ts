import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import type { DataRouter } from 'react-router';

NProgress.configure({ showSpinner: false }); // spec section 2: a progress bar, no spinner

/** Show the top progress bar while a navigation (guard, lazy page) is pending. */
export function bindProgress(router: Pick<DataRouter, 'subscribe'>): () => void {
  return router.subscribe((state) => {
    if (state.navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  });
}
