import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import type { DbTarget } from './server-process.ts';

/**
 * A large list resource for the list-page load: how to fill its table and which list call to
 * send. The operation log is the one 100,000-row resource today; a generic module list (issue 5)
 * is another value of this type.
 */
export interface ListResource {
  name: string;
  table: string;
  rowCount: number;
  columns: readonly string[];
  /** Row `i` (0 = oldest) of the data set, the same on every run. */
  row(i: number, random: () => number): unknown[];
  path: string;
  /** The list call under load: filtered, sorted, a deep page. */
  listBody: Record<string, unknown>;
  /** Why a reply of the list call is not a real page, or undefined when it is. */
  checkReply(data: unknown): string | undefined;
}

/** Deterministic pseudo-random numbers (mulberry32), so every run fills the same rows. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)]!;

const USERS = [
  'admin',
  'ops01',
  'ops02',
  'ops03',
  'noc',
  'wang.li',
  'zhang.wei',
  'li.na',
  'chen.jie',
  'audit',
];
const MODULES = [
  'system/user',
  'system/role',
  'system/menu',
  'system/settings',
  'terminal/device',
  'terminal/group',
  'network/dhcp',
  'network/nic',
  'content/video',
  'content/app',
  'shop/order',
  'firmware/upgrade',
];
const ACTIONS = ['add', 'edit', 'del', 'status', 'export', 'import', 'login'];
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
];
const DAY_MS = 86_400_000;

/** 100,000 operation-log entries over the last 90 days, about 85 % successful. */
export function operationLog(rowCount = 100_000): ListResource {
  const end = Date.now();
  const span = 90 * DAY_MS;
  return {
    name: 'operation log',
    table: 'operation_log',
    rowCount,
    columns: [
      'at',
      'user_id',
      'username',
      'ip',
      'module',
      'action',
      'path',
      'http_method',
      'result',
      'code',
      'detail',
      'user_agent',
    ],
    row(i, random) {
      const ok = random() < 0.85;
      const module = pick(MODULES, random);
      const username = pick(USERS, random);
      return [
        Math.round(end - span + (i / rowCount) * span),
        username === 'admin' ? 1 : null,
        username,
        `10.${Math.floor(random() * 4)}.${Math.floor(random() * 50)}.${1 + Math.floor(random() * 250)}`,
        module,
        pick(ACTIONS, random),
        `/admin.php/${module}`,
        'POST',
        ok ? 'success' : 'fail',
        ok ? 200 : 422,
        ok ? '' : 'name: this field is required',
        pick(AGENTS, random),
      ];
    },
    path: '/admin.php/system/logging',
    listBody: {
      method: 'list',
      page: 500,
      limit: 20,
      sort: 'time',
      order: 'desc',
      filter: { result: 'success' },
    },
    checkReply(data) {
      const d = data as { total?: number; list?: unknown[] } | null;
      if (!d || !Array.isArray(d.list)) return 'no list in the reply';
      if (d.list.length !== 20) return `page 500 has ${d.list.length} rows, not 20 (total ${d.total})`;
      return undefined;
    },
  };
}

const BATCH = 1000;

/**
 * Inserts the resource's rows straight into the (already migrated) database, in batches inside
 * transactions: far faster than the API and independent of it. PostgreSQL is analysed afterwards
 * (VACUUM ANALYZE) as autovacuum would do within a minute of that many inserts; SQLite is left as the server leaves it (no ANALYZE).
 */
export async function fill(target: DbTarget, resource: ListResource, seed = 42): Promise<void> {
  const random = seededRandom(seed);
  if (target.kind === 'sqlite') {
    const db = new DatabaseSync(path.join(target.dataDir, 'gateway.sqlite'));
    try {
      const marks = resource.columns.map(() => '?').join(', ');
      const insert = db.prepare(
        `INSERT INTO ${resource.table} (${resource.columns.join(', ')}) VALUES (${marks})`,
      );
      for (let start = 0; start < resource.rowCount; start += BATCH * 10) {
        db.exec('BEGIN');
        const stop = Math.min(resource.rowCount, start + BATCH * 10);
        for (let i = start; i < stop; i++) insert.run(...(resource.row(i, random) as never[]));
        db.exec('COMMIT');
      }
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    const width = resource.columns.length;
    for (let start = 0; start < resource.rowCount; start += BATCH) {
      const stop = Math.min(resource.rowCount, start + BATCH);
      const values: unknown[] = [];
      const tuples: string[] = [];
      for (let i = start; i < stop; i++) {
        const base = values.length;
        values.push(...resource.row(i, random));
        tuples.push(`(${Array.from({ length: width }, (_, k) => `$${base + k + 1}`).join(', ')})`);
      }
      await client.query(
        `INSERT INTO ${resource.table} (${resource.columns.join(', ')}) VALUES ${tuples.join(', ')}`,
        values,
      );
    }
    await client.query(`VACUUM ANALYZE ${resource.table}`);
  } finally {
    await client.end();
  }
}
