import type { MenuSeed } from '@igs/contract';
import { fullMenus, hiddenMenus, operationsHiddenMenus, operationsMenus } from '@igs/contract/menus';

/**
 * The pages of both menu trees, generated from the contract: each leaf (a menu item without
 * children that is no bare `Layout`) with the mode it belongs to and the URL its path makes.
 */

export type Mode = 'full' | 'operations';

export interface Leaf {
  mode: Mode;
  component: string;
  url: string;
}

/** Every menu seed of both trees, hidden ones too. */
export const ALL_MENUS: readonly MenuSeed[] = [
  ...fullMenus,
  ...hiddenMenus,
  ...operationsMenus,
  ...operationsHiddenMenus,
];

/** A child's path under its parent's, as the console's router joins them. */
export function joinPath(parent: string, p: string): string {
  if (p.startsWith('/')) return p.replace(/\/+$/, '') || '/';
  if (p === '') return parent || '/';
  return `${parent.replace(/\/+$/, '')}/${p}`;
}

export function leavesOf(seeds: readonly MenuSeed[], mode: Mode, parent = ''): Leaf[] {
  return seeds.flatMap((item) => {
    const url = joinPath(parent, item.path);
    if (item.children?.length) return leavesOf(item.children, mode, url);
    return item.component === 'Layout' ? [] : [{ mode, component: item.component, url }];
  });
}

/** Every page of the full tree, then every page of the operations tree. */
export const LEAVES: readonly Leaf[] = [
  ...leavesOf([...fullMenus, ...hiddenMenus], 'full'),
  ...leavesOf([...operationsMenus, ...operationsHiddenMenus], 'operations'),
];
