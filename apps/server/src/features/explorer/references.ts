import type { Lang } from '@igs/contract';
import { resources } from '@igs/contract/resources';
import type { Conn } from '../../platform/db/schema.ts';
import { untyped } from '../../platform/resources/queries.ts';

export interface FileRef {
  /** The upload id. */
  id: string;
  /** The resource's title in the caller's language. */
  entity: string;
  /** Its permission prefix, e.g. `media:video`. */
  resource: string;
  count: number;
}

/** Every `file` field of every resource: a record holds an upload by its id there (DOMAIN 3.6). */
const FILE_FIELDS = resources.flatMap((def) =>
  def.fields.filter((f) => f.type === 'file').map((f) => ({ def, field: f.name })),
);

/**
 * How many records of each resource still hold each of these uploads, over every site: deleting
 * a file a record shows would leave that record pointing at nothing.
 */
export async function fileReferences(db: Conn, ids: readonly string[], lang: Lang): Promise<FileRef[]> {
  if (!ids.length) return [];
  const found = new Map<string, FileRef>();
  for (const { def, field } of FILE_FIELDS) {
    const rows = await untyped(db)
      .selectFrom(def.table)
      .select([`${field} as id`, (eb) => eb.fn.countAll<number>().as('n')])
      .where(field, 'in', ids)
      .groupBy(field)
      .execute();
    for (const r of rows) {
      const key = `${r.id}\u0000${def.name}`;
      const seen = found.get(key);
      if (seen) seen.count += Number(r.n);
      else
        found.set(key, { id: String(r.id), entity: def.title[lang], resource: def.name, count: Number(r.n) });
    }
  }
  return [...found.values()];
}
