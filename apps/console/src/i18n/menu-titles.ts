// The contract's titles, computed at build time (build/contract-tables.ts): not its menu trees.
import { menuTitles } from 'virtual:igs-menu-titles';
import type { Lang } from '@igs/contract';

/** Menu and route titles, keyed by the i18n key the server sends in `meta.title`. */
export function menuTitleResources(): Record<Lang, Record<string, string>> {
  const en: Record<string, string> = {};
  const zh: Record<string, string> = {};
  for (const [key, title] of Object.entries(menuTitles)) {
    en[key] = title.en;
    zh[key] = title.zh_CN;
  }
  return { en, zh_CN: zh };
}
