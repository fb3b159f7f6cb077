import { create } from 'zustand';
import {
  addIgnoresOpenPath,
  cachedViewsByName,
  closeAllKeepsAffixed,
  closeOthersKeepsAffixed,
  closeRemovesView,
  updateMergesByPath,
  type VisitedView,
} from '../features/tags-view/operations.ts';

interface TagsViewState {
  visitedViews: VisitedView[];
  /** Route names whose pages are kept alive (derived from visitedViews on every change). */
  cachedViews: string[];
  /**
   * Re-mount counters by path: the keep-alive key of a page includes it, so bumping it (tab
   * "refresh", a pass through /redirect) gives the page fresh state in place.
   */
  refreshKeys: Record<string, number>;
  setViews: (views: VisitedView[]) => void;
  addView: (view: VisitedView) => void;
  delView: (path: string) => void;
  delOthersViews: (currentPath: string) => void;
  delAllViews: () => void;
  updateVisitedView: (update: Partial<VisitedView> & { path: string }) => void;
  refreshView: (path: string) => void;
}

function withCache(visitedViews: VisitedView[]) {
  return { visitedViews, cachedViews: cachedViewsByName(visitedViews) };
}

export const useTagsViewStore = create<TagsViewState>()((set, get) => ({
  visitedViews: [],
  cachedViews: [],
  refreshKeys: {},
  setViews: (views) => set(withCache(views)),
  addView: (view) => set(withCache(addIgnoresOpenPath(get().visitedViews, view))),
  delView: (path) => set(withCache(closeRemovesView(get().visitedViews, path))),
  delOthersViews: (currentPath) => set(withCache(closeOthersKeepsAffixed(get().visitedViews, currentPath))),
  delAllViews: () => set(withCache(closeAllKeepsAffixed(get().visitedViews))),
  updateVisitedView: (update) => set(withCache(updateMergesByPath(get().visitedViews, update))),
  refreshView: (path) =>
    set((s) => ({ refreshKeys: { ...s.refreshKeys, [path]: (s.refreshKeys[path] ?? 0) + 1 } })),
}));
