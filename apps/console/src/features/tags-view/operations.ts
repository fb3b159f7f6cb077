/**
 * The tab list rules of spec section 4 ("Tab list"), as pure functions over plain data so that
 * the store stays a thin shell and each rule has its own test.
 */

export interface ViewMeta {
  /** i18n key (or literal text) of the title. */
  title?: string;
  noCache?: boolean;
  affix?: boolean;
}

/** A visited view (spec section 3): metadata only, never a React element, so it can be saved. */
export interface VisitedView {
  /** Location path without query: the identity of a tab. */
  path: string;
  /** Path with query and hash, to return to the exact page (operations pages carry `?id=`). */
  fullPath: string;
  /** Route name; keep-alive caches by it. */
  name?: string;
  title?: string;
  meta: ViewMeta;
}

/** Adding a view whose path is already open leaves the list as it is. */
export function addIgnoresOpenPath(views: readonly VisitedView[], view: VisitedView): VisitedView[] {
  if (views.some((v) => v.path === view.path)) return [...views];
  return [...views, view];
}

/** Closing a tab removes it, affixed or not: the caller decides whether it may be closed. */
export function closeRemovesView(views: readonly VisitedView[], path: string): VisitedView[] {
  return views.filter((v) => v.path !== path);
}

/** Closing the others keeps the affixed tabs plus the current one, in their order. */
export function closeOthersKeepsAffixed(views: readonly VisitedView[], currentPath: string): VisitedView[] {
  return views.filter((v) => v.meta.affix === true || v.path === currentPath);
}

/** Closing all keeps only the affixed tabs. */
export function closeAllKeepsAffixed(views: readonly VisitedView[]): VisitedView[] {
  return views.filter((v) => v.meta.affix === true);
}

/** Updating merges the new data into the tab with the same path (e.g. a new query string). */
export function updateMergesByPath(
  views: readonly VisitedView[],
  update: Partial<VisitedView> & { path: string },
) {
  return views.map((v) =>
    v.path === update.path ? { ...v, ...update, meta: { ...v.meta, ...(update.meta ?? {}) } } : v,
  );
}

/** Cached views are kept by route name; no-cache routes and nameless views are never kept. */
export function cachedViewsByName(views: readonly VisitedView[]): string[] {
  const names: string[] = [];
  for (const v of views) {
    if (v.name && v.meta.noCache !== true && !names.includes(v.name)) names.push(v.name);
  }
  return names;
}

/** Whether the page of a view is kept alive while its tab is in the background. */
export function isViewCached(view: VisitedView, cachedViews: readonly string[]): boolean {
  return view.meta.noCache !== true && view.name !== undefined && cachedViews.includes(view.name);
}

/** The tab to show after closing `closedPath`: the right neighbour, else the left one, else home. */
export function nextViewAfterClose(
  before: readonly VisitedView[],
  closedPath: string,
  after: readonly VisitedView[],
): VisitedView | undefined {
  const index = before.findIndex((v) => v.path === closedPath);
  if (after.length === 0) return undefined;
  return after[Math.min(Math.max(index, 0), after.length - 1)];
}

export const NO_NAME = 'no-name';

/** A tab's label: its translated title, or no-name (spec section 2). */
export function tagTitle(
  view: Pick<VisitedView, 'title' | 'meta'>,
  translate: (key: string) => string,
): string {
  const key = view.meta.title || view.title;
  const text = key ? translate(key) : '';
  return text || NO_NAME;
}
