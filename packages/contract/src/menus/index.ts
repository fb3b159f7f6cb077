import { flattenMenus, type MenuMode, type MenuSeed } from '../menu.ts';
import type { Lang } from '../messages.ts';
import { FULL_EXPLORER_ITEMS, withExplorer } from './explorer.ts';
import { fullMenus as fullTree } from './full.ts';
import { hiddenMenus, operationsHiddenMenus } from './hidden.ts';
import { operationsMenus } from './operations.ts';

export * from './explorer.ts';

// The full-mode items whose forms have file fields also carry the ResourcePicker's calls (the
// hidden scene editor is opened from the scene list, which carries them).
const fullMenus = withExplorer(fullTree, FULL_EXPLORER_ITEMS);

export { fullMenus, hiddenMenus, operationsHiddenMenus, operationsMenus };

function collectTitles(): Record<string, Record<Lang, string>> {
  const titles: Record<string, Record<Lang, string>> = {};
  for (const item of flattenMenus([
    ...fullMenus,
    ...hiddenMenus,
    ...operationsMenus,
    ...operationsHiddenMenus,
  ])) {
    const seen = titles[item.titleKey];
    if (!seen) {
      titles[item.titleKey] = { en: item.title.en, zh_CN: item.title.zh_CN };
    } else if (seen.en !== item.title.en || seen.zh_CN !== item.title.zh_CN) {
      throw new Error(
        `menu title key ${item.titleKey} has two titles: ${seen.en}/${seen.zh_CN} and ${item.title.en}/${item.title.zh_CN} (${item.name})`,
      );
    }
  }
  return titles;
}

/** Title key -> English and Chinese title, over the full, hidden and operations trees. */
export const menuTitles: Record<string, { en: string; zh_CN: string }> = collectTitles();

/** Every button key of both modes, unique and sorted. */
export function allButtonKeys(): string[] {
  const keys = new Set<string>();
  for (const item of flattenMenus([
    ...fullMenus,
    ...hiddenMenus,
    ...operationsMenus,
    ...operationsHiddenMenus,
  ])) {
    for (const key of item.buttons ?? []) keys.add(key);
  }
  return [...keys].sort();
}

/** The seed tree of a mode: its menu tree with its hidden shell routes. */
export function menuSeedsFor(mode: MenuMode): MenuSeed[] {
  return mode === 'full' ? [...fullMenus, ...hiddenMenus] : [...operationsMenus, ...operationsHiddenMenus];
}
