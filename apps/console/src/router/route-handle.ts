import type { MenuMeta } from '@igs/contract';
import type { UIMatch } from 'react-router';

/**
 * What every route carries in `handle`, read by the shell (tabs, breadcrumb, keep-alive) through
 * `useMatches()`. `name` is the cache key of a kept-alive view; `fullPath` is the absolute path.
 */
export interface RouteHandle {
  name?: string;
  meta?: MenuMeta;
  hidden?: boolean;
  fullPath?: string;
  /** The page-module name the route renders, e.g. `voice/Extension`. */
  component?: string;
}

export function handleOf(match: UIMatch): RouteHandle | undefined {
  const handle = match.handle as RouteHandle | undefined;
  return handle && typeof handle === 'object' ? handle : undefined;
}
