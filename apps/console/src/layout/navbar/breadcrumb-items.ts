import type { UIMatch } from 'react-router';
import { handleOf } from '../../router/route-handle.ts';

export interface Crumb {
  /** i18n key of the title. */
  title: string;
  /** Where the crumb leads; none for the current page and for plain groups. */
  to?: string;
}

export const HOME_TITLE = 'menu.dashboard.dashboard';
export const OPERATIONS_HOME = '/operations';
export const DASHBOARD = '/dashboard';

/**
 * The breadcrumb of the matched routes: titled handles, with repeated titles dropped (the
 * Dashboard group and page share one), the home crumb first in full mode. Operations mode shows
 * its return-to-home link separately.
 */
export function breadcrumbItems(matches: readonly UIMatch[], isOperations: boolean): Crumb[] {
  const crumbs: Crumb[] = [];
  const titled = matches.map(handleOf).filter((h) => h?.meta?.title);
  titled.forEach((handle, index) => {
    const title = handle?.meta?.title ?? '';
    if (crumbs.at(-1)?.title === title) return;
    const last = index === titled.length - 1;
    const crumb: Crumb = { title };
    if (!last && handle?.component !== 'Layout' && handle?.fullPath) crumb.to = handle.fullPath;
    crumbs.push(crumb);
  });
  if (!isOperations && crumbs[0]?.title !== HOME_TITLE) crumbs.unshift({ title: HOME_TITLE, to: DASHBOARD });
  if (!isOperations && crumbs.length > 1 && crumbs[0]) crumbs[0].to = DASHBOARD;
  return crumbs;
}
