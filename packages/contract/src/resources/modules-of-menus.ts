import { flattenMenus, type MenuSeed } from '../menu.ts';
import type { ResourceDef } from './types.ts';

/** A menu page that the generic record pages can serve, from the resources on its endpoints. */
export interface ResourceModule {
  /** The menu item's `component`, e.g. `voice/AddressBook`. */
  component: string;
  /** Names of the resources served on the item's endpoints, in the order of the endpoints (the first is the primary one). */
  resources: string[];
  /** Endpoints of the item that no resource serves (settings forms, verbs): what a generic page leaves out. */
  otherEndpoints: string[];
}

/**
 * Which menu components are record modules: a visible page item whose `endpoints` include the
 * `endpoint` (full mode) or `opsEndpoint` (operations mode) of at least one resource. Pure, over
 * the data it is given, so the console can run it in a lazy chunk and tests can feed it any tree.
 *
 * Hidden items are left out: they are editors opened from a list page (DOMAIN 2.10, e.g.
 * smart/SceneEdit is "the Scene form"), not lists of their own. So are resources edited inside
 * another one's editor (`editedIn`, the scene's carousel): their endpoint stays on the item, for
 * the permission, but is no tab. A component named by several items gets the union of their
 * resources, in first-seen order.
 */
export function resourceModules(
  menus: readonly MenuSeed[],
  defs: readonly ResourceDef[],
): Map<string, ResourceModule> {
  const byEndpoint = new Map<string, ResourceDef>();
  for (const def of defs) {
    byEndpoint.set(def.endpoint, def);
    if (def.opsEndpoint) byEndpoint.set(def.opsEndpoint, def);
  }
  const out = new Map<string, ResourceModule>();
  for (const item of flattenMenus(menus)) {
    if (item.hidden || item.component === 'Layout' || item.children?.length) continue;
    const endpoints = item.endpoints ?? [];
    const matched = endpoints.flatMap((e) => byEndpoint.get(e) ?? []).filter((def) => !def.editedIn);
    if (!matched.length) continue;
    const module = out.get(item.component) ?? {
      component: item.component,
      resources: [],
      otherEndpoints: [],
    };
    for (const def of matched) if (!module.resources.includes(def.name)) module.resources.push(def.name);
    // The ResourcePicker's explorer calls belong to the forms' file fields, which the page has.
    for (const e of endpoints)
      if (!byEndpoint.has(e) && !/\/explorer\//.test(e) && !module.otherEndpoints.includes(e))
        module.otherEndpoints.push(e);
    out.set(item.component, module);
  }
  return out;
}
