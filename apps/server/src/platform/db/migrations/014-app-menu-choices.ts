import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// The lists as this migration found them (contract extras APP_STYLES, APP_LANGUAGES); a later
// change of the lists needs its own migration, so they are copied, not imported.
const STYLES = ['icon_text', 'icon', 'card', 'banner'];
const LANGUAGES = ['zh', 'en'];

/** A stored `languages` value (once free JSON) as the list of known codes it meant, in list order. */
export function knownLanguages(stored: unknown): string[] {
  let v: unknown = stored;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      // Not JSON: a bare list such as "zh,en".
    }
  }
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[\s,|]+/) : [];
  // zh_CN, zh-Hans, en-US: the language part is what the lists name.
  const codes = new Set(items.map((x) => String(x).trim().toLowerCase().split(/[-_]/)[0]));
  return LANGUAGES.filter((l) => codes.has(l));
}

/**
 * App menu items (DOMAIN 2.8): `style` was free text and `languages` free JSON; both now take fixed
 * lists (the `app_style` and `app_language` calls), checked on every write. Stored values are brought
 * in line so that editing an old item never fails on a field the user did not touch: a style
 * outside the list is cleared (the easy template decides), languages keep the known codes. The
 * storage format does not change (text; a JSON array). On a new database the table does not exist
 * yet (resource tables are created after the migrations), and there is nothing to do.
 */
export const appMenuChoices: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    const tables = await db.introspection.getTables();
    const table = tables.find((t) => t.name === 'smart_app_menu');
    if (!table) return;
    const columns = new Set(table.columns.map((c) => c.name));
    if (columns.has('style'))
      await db
        .updateTable('smart_app_menu')
        .set({ style: null })
        .where('style', 'is not', null)
        .where('style', 'not in', STYLES)
        .execute();
    if (!columns.has('languages')) return;
    const rows = await db
      .selectFrom('smart_app_menu')
      .select(['id', 'languages'])
      .where('languages', 'is not', null)
      .execute();
    for (const r of rows) {
      const next = JSON.stringify(knownLanguages(r.languages));
      if (next !== r.languages)
        await db.updateTable('smart_app_menu').set({ languages: next }).where('id', '=', r.id).execute();
    }
  },
  // biome-ignore lint/suspicious/noExplicitAny: see up()
  async down(_db: Kysely<any>) {
    // Nothing to restore: the cleared values were outside the lists and meant nothing to a launcher.
  },
};
