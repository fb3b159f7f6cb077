import { resourceByName } from '@igs/contract/resources';
import type { AppContext } from '../../platform/app-context.ts';
import { grantsAllSites } from '../../platform/auth/sites.ts';
import { untyped } from '../../platform/resources/queries.ts';

/**
 * The sites an operations account granted every site (`*`) sees on its home. Sites have no table
 * of their own (a site is an id in `igs-sids` and on each record): they are the sites holding
 * records the home counts, and the sites named by an account's or role's grant, in id order.
 */

const COUNTED = [
  'index:app_list',
  'ac:ap',
  'tr069:device',
  'media:live',
  'shop:order',
  'smart:terminal_record',
].map((name) => resourceByName(name)!.table);

function ids(text: string): number[] {
  if (grantsAllSites(text)) return [];
  return text
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n >= 0);
}

export async function knownSites(app: AppContext): Promise<number[]> {
  const db = app.db.kysely;
  const [held, users, roles] = await Promise.all([
    Promise.all(COUNTED.map((table) => untyped(db).selectFrom(table).select('site_id').distinct().execute())),
    app.db.kysely.selectFrom('users').select('site_ids').where('can_operations', '=', 1).execute(),
    app.db.kysely.selectFrom('roles').select('site_ids').where('mode', '=', 'operations').execute(),
  ]);
  const found = new Set<number>();
  for (const rows of held) for (const r of rows) found.add(Number(r.site_id));
  for (const r of [...users, ...roles]) for (const id of ids(String(r.site_ids ?? ''))) found.add(id);
  return [...found].filter((n) => Number.isInteger(n) && n >= 0).sort((a, b) => a - b);
}
