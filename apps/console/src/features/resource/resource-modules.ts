import { fullMenus, hiddenMenus, operationsMenus } from '@igs/contract/menus';
import { type ResourceDef, resourceByName, resourceModules, resources } from '@igs/contract/resources';

/*
 * Which menu components the generic record page serves, from the menu data and the resource
 * descriptions. Only the page registry's lazy loader imports this module, so the menus stay out
 * of the shell's and the sign-in page's bundles; it is apart from the page itself so that a name
 * nothing serves is answered without loading any UI.
 */

// Both trees: a component is in one of them, and the console serves either mode.
const modules = resourceModules([...fullMenus, ...hiddenMenus, ...operationsMenus], resources);

/** The descriptions a menu component shows, in the menu's endpoint order; empty when it is no record module. */
export function resourceDefsOf(component: string): ResourceDef[] {
  return (modules.get(component)?.resources ?? []).flatMap((name) => resourceByName(name) ?? []);
}
