import type { Kysely } from 'kysely';
import type { AppContext } from '../app-context.ts';
import type { Database } from '../db/schema.ts';

/**
 * The stored settings behind generated configuration (network cards, DHCP, DNS): one JSON document
 * per name, plus the version it replaced so `rollback` restores the settings with the files.
 */
export interface StoredDoc<T> {
  doc: T | null;
  previous: T | null;
  updated_at: number | null;
  updated_by: string;
}

function parse<T>(text: string | null | undefined): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export async function loadDoc<T>(app: AppContext, name: string): Promise<StoredDoc<T>> {
  return loadDocFrom<T>(app.db.kysely, name);
}

/** The same through any connection (a resource write hook has a connection, not the app). */
export async function loadDocFrom<T>(db: Kysely<Database>, name: string): Promise<StoredDoc<T>> {
  const row = await db.selectFrom('config_docs').selectAll().where('name', '=', name).executeTakeFirst();
  return {
    doc: parse<T>(row?.doc),
    previous: parse<T>(row?.previous),
    updated_at: row ? Number(row.updated_at) : null,
    updated_by: row?.updated_by ?? '',
  };
}

/** Stores `doc`; the stored one becomes `previous`. */
export async function saveDoc<T>(app: AppContext, name: string, doc: T, username: string): Promise<void> {
  const db = app.db.kysely;
  const now = app.now();
  const text = JSON.stringify(doc);
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('config_docs').select('doc').where('name', '=', name).executeTakeFirst();
    if (row) {
      await trx
        .updateTable('config_docs')
        .set({ doc: text, previous: row.doc, updated_by: username, updated_at: now })
        .where('name', '=', name)
        .execute();
    } else {
      await trx
        .insertInto('config_docs')
        .values({ name, doc: text, previous: null, updated_by: username, updated_at: now })
        .execute();
    }
  });
}

/** Swaps the document with its previous version; false when there is none. */
export async function swapWithPrevious(app: AppContext, name: string, username: string): Promise<boolean> {
  const db = app.db.kysely;
  const row = await db.selectFrom('config_docs').selectAll().where('name', '=', name).executeTakeFirst();
  if (!row?.previous) return false;
  await db
    .updateTable('config_docs')
    .set({ doc: row.previous, previous: row.doc, updated_by: username, updated_at: app.now() })
    .where('name', '=', name)
    .execute();
  return true;
}
