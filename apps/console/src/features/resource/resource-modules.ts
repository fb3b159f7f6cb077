// Which resources each menu component shows, computed from the menus at build time
// (build/contract-tables.ts): the record page's chunk does without the menu trees.
import { recordModules } from 'virtual:igs-record-modules';
import { type ResourceDef, resourceByName } from '@igs/contract/resources';

/*
 * Which menu components the generic record page serves, from the menu data and the resource
 * descriptions. Only the page registry's lazy loader imports this module, so the resources' descriptions stay out
 * of the shell's and the sign-in page's bundles; it is apart from the page itself so that a name
 * nothing serves is answered without loading any UI.
 */

/** The descriptions a menu component shows, in the menu's endpoint order; empty when it is no record module. */
export function resourceDefsOf(component: string): ResourceDef[] {
  return (recordModules[component] ?? []).flatMap((name) => resourceByName(name) ?? []);
}
