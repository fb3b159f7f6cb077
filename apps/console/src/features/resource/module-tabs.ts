import type { ResourceDef } from '@igs/contract/resources';

/*
 * A record module's tabs in its address, without any UI: the record page (resource-module-page.tsx)
 * and the build's table of each page's first call (build/page-preloads.ts) read them alike.
 */

/** The URL query that keeps the open tab, so a reload or a shared link shows the same one. */
export const TAB_PARAM = 'tab';

/** A description's tab key in the URL: its name without the area (`voice:contact` -> `contact`). */
export function tabKeyOf(def: Pick<ResourceDef, 'name'>): string {
  return def.name.slice(def.name.lastIndexOf(':') + 1);
}

/** The tab to show: the requested one when the module has it, else the first (the primary resource). */
export function pickTab(requested: string | null, keys: readonly string[]): string {
  return requested !== null && keys.includes(requested) ? requested : (keys[0] ?? '');
}
