import type { Lang } from './messages.ts';

/**
 * A menu item as seeded into the database and as the server returns it from `System/auth_menu`
 * (spec section 3, "Menu item"). `component` is the literal `Layout` for the shell, otherwise a
 * page-module name resolved through the console's page registry (`area/Name`).
 */
export interface MenuMeta {
  /** i18n key of the title, e.g. `menu.voice.sipTrunkGroup` */
  title: string;
  icon?: string;
  activeMenu?: string;
  noCache?: boolean;
  affix?: boolean;
}

export interface MenuNode {
  path: string;
  component: string;
  name: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  redirect?: string;
  meta: MenuMeta;
  children?: MenuNode[];
}

export type MenuMode = 'full' | 'operations';

/** The seed form of a menu item: the reply form plus its titles, endpoints and button keys. */
export interface MenuSeed {
  /** Route segment; top-level items start with `/`, children are relative. */
  path: string;
  component: string;
  /** Unique route name (PascalCase of the component name for pages, e.g. `VoiceExtension`). */
  name: string;
  titleKey: string;
  title: Record<Lang, string>;
  icon?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  affix?: boolean;
  noCache?: boolean;
  activeMenu?: string;
  redirect?: string;
  /**
   * Endpoints this page calls, as full paths (`/admin.php/voice/extension`, `/operations/shop/goods`).
   * The first is the primary one; its permission prefix names the module's buttons.
   */
  endpoints?: string[];
  /** Button keys this module offers, e.g. `voice:extension:add` (DOMAIN section 3.4). */
  buttons?: string[];
  children?: MenuSeed[];
}

/**
 * Permission prefix of an endpoint (DOMAIN section 3.4): the path without `/admin.php/` or
 * `/operations/`, lower-cased, `/` changed to `:`. Both modes share the prefix.
 */
export function permissionPrefix(endpoint: string): string {
  return endpoint
    .replace(/^\/(admin\.php|operations)\//i, '')
    .replace(/\/+$/, '')
    .toLowerCase()
    .replaceAll('/', ':');
}

/** Methods that need only the menu item, never a button key. */
export const READ_METHODS: ReadonlySet<string> = new Set([
  'list',
  'detail',
  'options',
  'job',
  'status',
  'stats',
  'leases',
  'history',
  'config',
  'index',
  'home',
  'credentials',
  'file',
  'check',
  'thumbnail',
]);

/** The button verb a method needs (DOMAIN section 3.4), or null for read methods. */
export function buttonVerb(method: string): string | null {
  if (READ_METHODS.has(method)) return null;
  if (method === 'form' || method === 'config_form' || method === 'state' || method === 'sort') return 'edit';
  return method;
}

/** Flatten a seed tree, children after their parent. */
export function flattenMenus(seeds: readonly MenuSeed[]): MenuSeed[] {
  const out: MenuSeed[] = [];
  const walk = (items: readonly MenuSeed[]) => {
    for (const item of items) {
      out.push(item);
      if (item.children) walk(item.children);
    }
  };
  walk(seeds);
  return out;
}
