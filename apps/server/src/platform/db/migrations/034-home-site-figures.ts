import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from '../database.ts';

/**
 * The operations home's per-site figures kept ready (issue 17, docs/performance.md "Fleet" point
 * 3; features/home/site-figures.ts): one row per site holding any of the records the home counts
 * (a site without a row has none), written in one transaction by one instance at a time (the
 * leader lock) every HOME_FIGURES_REFRESH_S, with the same GROUP BY site queries the home ran
 * per call before. `home_figures_state` holds the snapshot's one row: when it was taken (epoch
 * ms) and the server-zone day its "today" figures count, so that a reader can tell a snapshot
 * too old to serve. Derived data: losing it only makes the next home call compute it.
 */
export function homeSiteFigures(kind: DialectKind): Migration {
  const time = kind === 'postgres' ? 'bigint' : 'integer';
  const FIGURES = [
    'terminals_total',
    'terminals_authorized',
    'terminals_online',
    'terminals_pending',
    'aps',
    'aps_online',
    'cpes',
    'cpes_online',
    'programmes_total',
    'programmes_up',
    'programmes_down',
    'unread_records',
    'pending_orders',
    'open_alarms',
    'calls_today',
  ];
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      let table = db.schema
        .createTable('home_site_figures')
        .addColumn('site_id', 'integer', (c) => c.primaryKey());
      for (const f of FIGURES) table = table.addColumn(f, 'integer', (c) => c.notNull().defaultTo(0));
      await table.execute();
      await db.schema
        .createTable('home_figures_state')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('generated_at', time, (c) => c.notNull())
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('home_figures_state').execute();
      await db.schema.dropTable('home_site_figures').execute();
    },
  };
}
