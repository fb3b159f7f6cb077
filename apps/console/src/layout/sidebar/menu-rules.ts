import type { MenuNode } from '@igs/contract';
import { resolvePath } from '../../features/menu-routes/menu-routes.ts';
import { isExternal } from '../../utils/validate.ts';

/** What the sidebar draws for one menu item: a link or a submenu. */
export type SidebarEntry =
  | { kind: 'link'; key: string; path: string; external: boolean; title: string; icon?: string }
  | { kind: 'submenu'; key: string; path: string; title: string; icon?: string; children: SidebarEntry[] };

export function visibleChildren(node: MenuNode): MenuNode[] {
  return (node.children ?? []).filter((child) => child.hidden !== true);
}

/**
 * The one-visible-child rule (spec section 2): a group whose only visible child is itself a leaf
 * shows as a plain link to that child, unless the group says alwaysShow. A group with no visible
 * child at all shows as a link to itself. Returns the node to link to, or undefined for a submenu.
 */
export function singleLinkTarget(node: MenuNode): { node: MenuNode; isSelf: boolean } | undefined {
  if (!node.children) return { node, isSelf: true };
  if (node.alwaysShow === true) return undefined;
  const shown = visibleChildren(node);
  if (shown.length === 0) return { node, isSelf: true };
  const only = shown[0];
  if (shown.length === 1 && only && visibleChildren(only).length === 0) return { node: only, isSelf: false };
  return undefined;
}

/** External links (http:, https:, mailto:, tel:) open in a new tab instead of routing. */
export function isExternalLink(path: string): boolean {
  return isExternal(path);
}

/** Turn the menu tree into sidebar entries: hidden items are skipped, titles stay i18n keys. */
export function buildSidebarEntries(nodes: readonly MenuNode[], basePath = ''): SidebarEntry[] {
  const entries: SidebarEntry[] = [];
  for (const node of nodes) {
    if (node.hidden === true) continue;
    const path = resolvePath(basePath, node.path);
    const single = singleLinkTarget(node);
    if (single) {
      const target = single.isSelf ? path : resolvePath(path, single.node.path);
      entries.push({
        kind: 'link',
        key: target,
        path: target,
        external: isExternalLink(target),
        title: single.node.meta?.title || node.meta?.title || '',
        icon: single.node.meta?.icon || node.meta?.icon,
      });
      continue;
    }
    entries.push({
      kind: 'submenu',
      key: path,
      path,
      title: node.meta?.title ?? '',
      icon: node.meta?.icon,
      children: buildSidebarEntries(visibleChildren(node), path),
    });
  }
  return entries;
}

/** Keys of the submenus that lead to `path`, to open them on load. */
export function openKeysFor(entries: readonly SidebarEntry[], path: string): string[] {
  for (const entry of entries) {
    if (entry.kind === 'link') continue;
    if (containsPath(entry, path)) return [entry.key, ...openKeysFor(entry.children, path)];
  }
  return [];
}

function containsPath(entry: SidebarEntry, path: string): boolean {
  if (entry.kind === 'link') return entry.path === path;
  return entry.children.some((child) => containsPath(child, path));
}
