import { TAGS_VIEW_STORAGE_KEY } from '../../stores/user.ts';
import { addIgnoresOpenPath, type VisitedView } from './operations.ts';

/** What is kept in sessionStorage: tab metadata and the last active path, never elements. */
export interface SavedTabs {
  views: VisitedView[];
  activePath?: string;
}

function isView(value: unknown): value is VisitedView {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.path === 'string' && typeof v.fullPath === 'string' && !!v.meta && typeof v.meta === 'object'
  );
}

export function parseSavedTabs(raw: string | null): SavedTabs | undefined {
  if (!raw) return undefined;
  try {
    const data = JSON.parse(raw) as { views?: unknown; activePath?: unknown };
    const views = Array.isArray(data.views) ? data.views.filter(isView) : [];
    const saved: SavedTabs = { views };
    if (typeof data.activePath === 'string') saved.activePath = data.activePath;
    return saved;
  } catch {
    return undefined;
  }
}

/**
 * The tab list at start: the affixed tabs first, then the saved ones. The saved active tab is
 * deliberately not reopened: the current URL wins (a reload or a pasted link shows that page),
 * and the current view is added by the layout once its route is known.
 */
export function restoreTabs(saved: SavedTabs | undefined, affix: readonly VisitedView[]): VisitedView[] {
  let views: VisitedView[] = [];
  for (const view of affix) views = addIgnoresOpenPath(views, view);
  for (const view of saved?.views ?? []) views = addIgnoresOpenPath(views, view);
  return views;
}

export function readSavedTabs(storage: Storage = sessionStorage): SavedTabs | undefined {
  return parseSavedTabs(storage.getItem(TAGS_VIEW_STORAGE_KEY));
}

export function writeSavedTabs(tabs: SavedTabs, storage: Storage = sessionStorage): void {
  storage.setItem(TAGS_VIEW_STORAGE_KEY, JSON.stringify(tabs));
}

/**
 * Save on unload only while the stored entry still exists. Logout, the language switch and the
 * mode switch remove the entry just before they reload; the unload that follows must not write
 * the tabs back. The layout writes the entry at start so that a normal reload finds it.
 */
export function saveTabsOnUnload(
  tabs: SavedTabs,
  signedIn: boolean,
  storage: Storage = sessionStorage,
): boolean {
  if (!signedIn || storage.getItem(TAGS_VIEW_STORAGE_KEY) === null) return false;
  writeSavedTabs(tabs, storage);
  return true;
}
