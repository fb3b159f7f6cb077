import pg from 'pg';

/**
 * The fleet of issue 17 point 10 in PostgreSQL: 1,000 sites, 100,000 terminals and about 850,000
 * other operations records, the ones the operations home counts (terminal records, orders, call
 * records, the terminals-online trend, APs, CPEs, live programmes, alarms). Rows are made by
 * PostgreSQL itself (INSERT … SELECT over generate_series, `setseed` first, so every run fills the
 * same rows): some 30 s for the lot, where sending them as parameters took minutes.
 *
 * Sites are of unequal size, as in a hotel chain: a terminal's site is 1 + 1000·u^1.5 for a uniform
 * u, so site 1 holds about 1,000 terminals and the smallest about 70.
 */

export const FLEET_SITES = 1000;
export const FLEET_TERMINALS = 100_000;
/** A room name: every hotel has a room 0312, so it matches about 30 terminals over the fleet. */
export const FLEET_KEYWORD = 'Room 0312';

/** What was filled, for the report. */
export interface FleetFill {
  sites: number;
  terminals: number;
  /** Rows of each other table, by table. */
  others: Record<string, number>;
  /** Whether the site registry (migration 033, fleet_site) was there and filled. */
  registry: boolean;
  ms: number;
}

/** A site id by the unequal spread above, from one random() per row. */
const SITE = `(1 + least(${FLEET_SITES - 1}, floor(${FLEET_SITES} * power(random(), 1.5)))::int)`;
/** `ms` (epoch milliseconds, a SQL expression) as the server writes times: local, to the second. */
const TEXT_TIME = (ms: string) =>
  `to_char(to_timestamp((${ms}) / 1000.0) AT TIME ZONE $2, 'YYYY-MM-DD HH24:MI:SS')`;
const DAY_MS = 86_400_000;
/**
 * Online terminals, APs and CPEs last called in half an hour ahead of the fill: they stay online
 * through the run as if heartbeating, and the offline ones are flagged offline (one draw per row
 * for both columns: drawn apart, 7,500 CPEs and 1,800 APs were "online" and long quiet, and the
 * instances' first device sweep flipped them mid-run, 0.85–4 s of locked updates). Recent times would go stale mid-run and the offline check
 * would flip tens of thousands of them (and write as many events) while the figures are taken.
 */
const AHEAD_MS = 30 * 60_000;

/** The other tables: name, rows, and the INSERT … SELECT making them ($1 now in ms, $2 time zone). */
const OTHERS: readonly { table: string; rows: number; sql: (n: number) => string }[] = [
  {
    table: 'smart_terminal_event',
    rows: 220_000,
    sql: (
      n,
    ) => `INSERT INTO smart_terminal_event (site_id, created_at, updated_at, terminal, area, type, detail, read)
      SELECT s, t, t, 'Room ' || lpad((100 + floor(random() * 3000))::text, 4, '0'), 'Floor ' || (1 + floor(random() * 30)),
        (ARRAY['online','offline','sos','service','checkout'])[1 + floor(random() * 5)::int], 'event from the terminal',
        CASE WHEN random() < 0.9 THEN 1 ELSE 0 END
      FROM (SELECT ${SITE} AS s, ($1::bigint - floor(random() * 90 * ${DAY_MS}))::bigint AS t FROM generate_series(1, ${n})) g`,
  },
  {
    table: 'shop_order',
    rows: 120_000,
    sql: (
      n,
    ) => `INSERT INTO shop_order (site_id, created_at, updated_at, order_no, area, terminal, items, amount, pay_method, state)
      SELECT s, t, t, 'O' || t || lpad(i::text, 6, '0'), 'Floor ' || (1 + floor(random() * 30)),
        'Room ' || lpad((100 + floor(random() * 3000))::text, 4, '0'), '[]', (500 + floor(random() * 20000))::int, 'room',
        CASE WHEN r < 0.05 THEN 'pending' WHEN r < 0.08 THEN 'accepted' WHEN r < 0.93 THEN 'completed' ELSE 'cancelled' END
      FROM (SELECT i, ${SITE} AS s, ($1::bigint - floor(random() * 180 * ${DAY_MS}))::bigint AS t, random() AS r
            FROM generate_series(1, ${n}) i) g`,
  },
  {
    table: 'voice_cdr',
    rows: 150_000,
    sql: (
      n,
    ) => `INSERT INTO voice_cdr (site_id, created_at, updated_at, start, src, dst, duration, billsec, disposition, uniqueid, direction)
      SELECT s, t, t, ${TEXT_TIME('t')}, (8000 + floor(random() * 900))::text, (8000 + floor(random() * 900))::text,
        d, CASE WHEN r < 0.7 THEN d - 5 ELSE 0 END,
        CASE WHEN r < 0.7 THEN 'ANSWERED' WHEN r < 0.85 THEN 'NO ANSWER' WHEN r < 0.95 THEN 'BUSY' ELSE 'FAILED' END,
        'bench-' || i, 'internal'
      FROM (SELECT i, ${SITE} AS s, ($1::bigint - floor(random() * 30 * ${DAY_MS}))::bigint AS t, random() AS r,
              (5 + floor(random() * 600))::int AS d FROM generate_series(1, ${n}) i) g`,
  },
  {
    // The 7-day trend: 30 % of the terminals heard from on each of the last 7 days, and the marker
    // row (terminal 0, site -1) that says a day was sampled (features/home/online-days.ts; the
    // server's first start has sampled today already).
    table: 'terminal_online_days',
    rows: 210_007,
    sql: () => `INSERT INTO terminal_online_days (day, terminal_id, site_id)
      SELECT left(${TEXT_TIME(`$1::bigint - d * ${DAY_MS}`)}, 10), id, site_id
        FROM smart_terminal CROSS JOIN generate_series(0, 6) d WHERE id % 10 < 3
      UNION ALL
      SELECT left(${TEXT_TIME(`$1::bigint - d * ${DAY_MS}`)}, 10), 0, -1 FROM generate_series(0, 6) d
      ON CONFLICT DO NOTHING`,
  },
  {
    table: 'ac_ap',
    rows: 20_000,
    sql: (
      n,
    ) => `INSERT INTO ac_ap (site_id, created_at, updated_at, name, mac, model, last_ip, config_status, online, clients, last_seen)
      SELECT ${SITE}, $1::bigint, $1::bigint, 'AP-' || i, 'AA:' || upper(lpad(to_hex(i), 10, '0')), 'IGS-AP620',
        '10.20.' || (i % 250) || '.' || (1 + i % 250), 'synced', CASE WHEN on_ THEN 1 ELSE 0 END,
        floor(random() * 40)::int,
        ${TEXT_TIME(`CASE WHEN on_ THEN $1::bigint + ${AHEAD_MS} ELSE $1::bigint - floor(random() * 30 * ${DAY_MS}) END`)}
      FROM (SELECT i, random() < 0.9 AS on_ FROM generate_series(1, ${n}) i) g`,
  },
  {
    table: 'tr069_device',
    rows: 50_000,
    sql: (
      n,
    ) => `INSERT INTO tr069_device (site_id, created_at, updated_at, oui, product_class, serial_number, device_id,
        software_version, manufacturer, model, ip, last_inform, online)
      SELECT ${SITE}, $1::bigint, $1::bigint, '00D0D0', 'HGU', 'CPE' || lpad(i::text, 9, '0'), '00D0D0-HGU-CPE' || lpad(i::text, 9, '0'),
        'V1.' || (i % 7), 'IGS', 'HG8245', '10.30.' || (i % 250) || '.' || (1 + i % 250),
        ${TEXT_TIME(`CASE WHEN on_ THEN $1::bigint + ${AHEAD_MS} ELSE $1::bigint - floor(random() * 30 * ${DAY_MS}) END`)},
        CASE WHEN on_ THEN 1 ELSE 0 END
      FROM (SELECT i, random() < 0.85 AS on_ FROM generate_series(1, ${n}) i) g`,
  },
  {
    table: 'media_live',
    rows: 30_000,
    sql: (
      n,
    ) => `INSERT INTO media_live (site_id, created_at, updated_at, number, name, url, type, is_free, health, enabled, sort)
      SELECT 1 + (i - 1) % ${FLEET_SITES}, $1::bigint, $1::bigint, 1 + (i - 1) / ${FLEET_SITES}, 'Channel ' || (1 + (i - 1) / ${FLEET_SITES}),
        'udp://239.1.' || ((i - 1) / ${FLEET_SITES}) || '.1:5000', 'live', 1,
        CASE WHEN random() < 0.95 THEN 'up' ELSE 'down' END, CASE WHEN random() < 0.9 THEN 1 ELSE 0 END, 0
      FROM generate_series(1, ${n}) i`,
  },
  {
    table: 'aiso_alarm_event',
    rows: 50_000,
    sql: (
      n,
    ) => `INSERT INTO aiso_alarm_event (site_id, created_at, updated_at, time, source, area, detail, state)
      SELECT s, t, t, ${TEXT_TIME('t')}, 'Room ' || lpad((100 + floor(random() * 3000))::text, 4, '0'), 'Floor ' || (1 + floor(random() * 30)),
        'SOS button', CASE WHEN r < 0.03 THEN 'new' WHEN r < 0.06 THEN 'acknowledged' ELSE 'closed' END
      FROM (SELECT ${SITE} AS s, ($1::bigint - floor(random() * 90 * ${DAY_MS}))::bigint AS t, random() AS r
            FROM generate_series(1, ${n})) g`,
  },
];

const TERMINALS_SQL = `INSERT INTO smart_terminal (site_id, created_at, updated_at, mac, sn, name, model, app_version, os_version,
    ip, state, online, last_seen, language)
  SELECT s, t, t,
    '02:' || lpad(to_hex((i >> 24) & 255), 2, '0') || ':' || lpad(to_hex((i >> 16) & 255), 2, '0') || ':'
      || lpad(to_hex((i >> 8) & 255), 2, '0') || ':' || lpad(to_hex(i & 255), 2, '0') || ':01',
    'IGS' || upper(lpad(to_hex((i::bigint * 2654435761) % 4294967296), 8, '0')),
    'Room ' || lpad((100 + (i * 7919) % 3000)::text, 4, '0'),
    (ARRAY['IGS-TV55','IGS-TV43','IGS-STB2','IGS-PAD10'])[1 + floor(random() * 4)::int],
    '3.' || floor(random() * 5) || '.0', 'Android ' || (9 + floor(random() * 4)),
    '10.' || (s % 250) || '.' || (i % 250) || '.' || (1 + i % 200),
    CASE WHEN r < 0.9 THEN 'authorized' WHEN r < 0.95 THEN 'pending' WHEN r < 0.98 THEN 'disabled' ELSE 'rejected' END,
    CASE WHEN on_ THEN 1 ELSE 0 END,
    ${TEXT_TIME(`CASE WHEN on_ THEN $1::bigint + ${AHEAD_MS} ELSE $1::bigint - floor(random() * 30 * ${DAY_MS}) END`)},
    CASE WHEN random() < 0.8 THEN 'zh' ELSE 'en' END
  FROM (SELECT i, ${SITE} AS s, ($1::bigint - floor(random() * 365 * ${DAY_MS}))::bigint AS t, random() AS r,
          random() < 0.7 AS on_ FROM generate_series(1, ${FLEET_TERMINALS}) i) g`;

async function hasTable(client: pg.Client, table: string): Promise<boolean> {
  const r = await client.query('SELECT to_regclass($1) IS NOT NULL AS present', [`public.${table}`]);
  return Boolean(r.rows[0]?.present);
}

/**
 * The sites as records where the site registry exists (migration 033): 20 customers, 50 sites
 * each, named; without it a site is just the id its records carry.
 */
async function fillRegistry(client: pg.Client, now: number): Promise<boolean> {
  if (!(await hasTable(client, 'fleet_site'))) return false;
  await client.query(
    `INSERT INTO fleet_customer (id, site_id, created_at, updated_at, name, state)
     SELECT c, 0, $1::bigint, $1::bigint, 'Hotel group ' || c, 'active' FROM generate_series(1, 20) c`,
    [now],
  );
  await client.query(
    `INSERT INTO fleet_site (id, site_id, created_at, updated_at, name, state, customer_id)
     SELECT s, 0, $1::bigint, $1::bigint, 'Hotel ' || lpad(s::text, 4, '0'), 'active', 1 + (s - 1) % 20
     FROM generate_series(1, ${FLEET_SITES}) s`,
    [now],
  );
  for (const table of ['fleet_customer', 'fleet_site'])
    await client.query(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`,
    );
  return true;
}

/** Fills the (migrated, seeded, server stopped) database at `databaseUrl`; analyses every table filled. */
export async function fillFleet(databaseUrl: string): Promise<FleetFill> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The server's own zone: the times it writes as text and compares with are local.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const now = Date.now();
    const registry = await fillRegistry(client, now);
    await client.query('SELECT setseed(0.42)');
    await client.query(TERMINALS_SQL, [now, zone]);
    const others: Record<string, number> = {};
    for (const other of OTHERS) {
      await client.query('SELECT setseed(0.42)');
      // PostgreSQL refuses a parameter the statement does not use: the zone only where times are text.
      const text = other.sql(other.rows);
      const r = await client.query(text, text.includes('$2') ? [now, zone] : [now]);
      others[other.table] = r.rowCount ?? other.rows;
    }
    // As autovacuum would within a minute of that many inserts: the planner needs the statistics.
    for (const table of ['smart_terminal', ...OTHERS.map((o) => o.table)])
      await client.query(`VACUUM ANALYZE ${table}`);
    return { sites: FLEET_SITES, terminals: FLEET_TERMINALS, others, registry, ms: Date.now() - started };
  } finally {
    await client.end();
  }
}
