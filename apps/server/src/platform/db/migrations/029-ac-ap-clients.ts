import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from '../database.ts';

/**
 * The stations associated with each AP (issue 13: "an AP's clients", DOMAIN 2.4 Ap's clients):
 * what the AP agent's last poll reported (ac/clients.ts), one row per AP and station MAC. A poll
 * that carries the stations replaces the AP's rows; the presence sweep removes them once the AP
 * goes offline. `connected_at` is the report's time less the seconds the station had been
 * associated; rx/tx are the byte counters the AP gave (64-bit on both dialects).
 */
export function acApClients(kind: DialectKind): Migration {
  const big = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('ac_ap_clients')
        .addColumn('ap_id', 'integer', (c) => c.notNull())
        .addColumn('mac', 'varchar(17)', (c) => c.notNull())
        .addColumn('ip', 'varchar(45)')
        .addColumn('hostname', 'varchar(253)')
        .addColumn('ssid', 'varchar(32)', (c) => c.notNull())
        .addColumn('band', 'varchar(4)', (c) => c.notNull())
        .addColumn('rssi', 'integer', (c) => c.notNull())
        .addColumn('connected_at', big, (c) => c.notNull())
        .addColumn('rx_bytes', big, (c) => c.notNull().defaultTo(0))
        .addColumn('tx_bytes', big, (c) => c.notNull().defaultTo(0))
        .addColumn('reported_at', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('ac_ap_clients_pk', ['ap_id', 'mac'])
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('ac_ap_clients').execute();
    },
  };
}
