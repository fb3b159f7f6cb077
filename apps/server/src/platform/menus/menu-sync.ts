import { flattenMenus, type MenuMode, type MenuSeed } from '@igs/contract';
import { menuSeedsFor } from '@igs/contract/menus';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Brings the menus tables in line with the menu trees of the contract: upserts by (mode, name),
 * so role grants keep their menu ids across upgrades, and removes menus that no longer exist.
 */
export async function syncMenus(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const mode of ['full', 'operations'] as const) await syncMode(trx, mode, menuSeedsFor(mode));
  });
}

async function syncMode(trx: Transaction<Database>, mode: MenuMode, seeds: MenuSeed[]): Promise<void> {
  // What is there, read once: a start on a database already in line writes nothing (every menu's
  // row rewritten and its endpoints and buttons deleted and inserted again were some 2,000
  // statements on every start of every instance).
  const existing = new Map(
    (await trx.selectFrom('menus').selectAll().where('mode', '=', mode).execute()).map((m) => [m.name, m]),
  );
  const ids = [...existing.values()].map((m) => m.id);
  const endpointsOf = byMenu(
    ids.length
      ? await trx
          .selectFrom('menu_endpoints')
          .select(['menu_id', 'path as value'])
          .where('menu_id', 'in', ids)
          .execute()
      : [],
  );
  const buttonsOf = byMenu(
    ids.length
      ? await trx
          .selectFrom('menu_buttons')
          .select(['menu_id', 'key as value'])
          .where('menu_id', 'in', ids)
          .execute()
      : [],
  );
  const kept = new Set<number>();
  let sort = 0;
  const walk = async (items: readonly MenuSeed[], parentId: number | null) => {
    for (const item of items) {
      const row = {
        parent_id: parentId,
        mode,
        path: item.path,
        component: item.component,
        name: item.name,
        hidden: item.hidden ? 1 : 0,
        always_show: item.alwaysShow ? 1 : 0,
        title_key: item.titleKey,
        icon: item.icon ?? '',
        active_menu: item.activeMenu ?? '',
        redirect: item.redirect ?? '',
        no_cache: item.noCache ? 1 : 0,
        affix: item.affix ? 1 : 0,
        sort: sort++,
      };
      const found = existing.get(item.name);
      let id: number;
      if (found === undefined) {
        id = (await trx.insertInto('menus').values(row).returning('id').executeTakeFirstOrThrow()).id;
      } else {
        id = found.id;
        const changed = (Object.keys(row) as (keyof typeof row)[]).some((k) => found[k] !== row[k]);
        if (changed) await trx.updateTable('menus').set(row).where('id', '=', id).execute();
      }
      kept.add(id);
      const endpoints = [...new Set((item.endpoints ?? []).map((p) => p.toLowerCase()))];
      if (!sameKeys(endpointsOf.get(id), endpoints)) {
        await trx.deleteFrom('menu_endpoints').where('menu_id', '=', id).execute();
        if (endpoints.length)
          await trx
            .insertInto('menu_endpoints')
            .values(endpoints.map((path) => ({ menu_id: id, path })))
            .execute();
      }
      const buttons = [...new Set(item.buttons ?? [])];
      if (!sameKeys(buttonsOf.get(id), buttons)) {
        await trx.deleteFrom('menu_buttons').where('menu_id', '=', id).execute();
        if (buttons.length)
          await trx
            .insertInto('menu_buttons')
            .values(buttons.map((key) => ({ menu_id: id, key })))
            .execute();
      }
      if (item.children) await walk(item.children, id);
    }
  };
  await walk(seeds, null);
  const stale = [...existing.values()].map((m) => m.id).filter((id) => !kept.has(id));
  if (stale.length) await trx.deleteFrom('menus').where('id', 'in', stale).execute();
}

/** The endpoints' paths or the buttons' keys of some menus, by menu. */
function byMenu(rows: { menu_id: number; value: string }[]): Map<number, string[]> {
  const grouped = new Map<number, string[]>();
  for (const r of rows) grouped.set(r.menu_id, [...(grouped.get(r.menu_id) ?? []), r.value]);
  return grouped;
}

function sameKeys(stored: string[] | undefined, wanted: string[]): boolean {
  const have = stored ?? [];
  return have.length === wanted.length && wanted.every((k) => have.includes(k));
}

/** Every button key of every menu of both trees. */
export function allSeedButtons(): string[] {
  const keys = new Set<string>();
  for (const mode of ['full', 'operations'] as const) {
    for (const m of flattenMenus(menuSeedsFor(mode))) for (const k of m.buttons ?? []) keys.add(k);
  }
  return [...keys].sort();
}
