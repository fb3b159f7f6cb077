import fs from 'node:fs/promises';
import os from 'node:os';
import type { HomeCard, HomeOutput } from '@igs/contract';
import type { AppContext } from '../../app-context.ts';
import { formatDateTime } from '../../lib/time.ts';

/** CPU use between two readings of the kernel's counters (os.cpus() is /proc/stat underneath). */
let lastCpu: { idle: number; total: number } | null = null;
function cpuPercent(): number {
  const now = os.cpus().reduce(
    (acc, c) => {
      const t = c.times;
      acc.idle += t.idle;
      acc.total += t.user + t.nice + t.sys + t.idle + t.irq;
      return acc;
    },
    { idle: 0, total: 0 },
  );
  const prev = lastCpu;
  lastCpu = now;
  if (!prev || now.total === prev.total) return Math.round((1 - now.idle / now.total) * 1000) / 10;
  return Math.round((1 - (now.idle - prev.idle) / (now.total - prev.total)) * 1000) / 10;
}

async function count(q: {
  executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }>;
}): Promise<number> {
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** The dashboard's figures, from the database and the host, for the given sites (null = all). */
export async function homeFigures(app: AppContext, sites: number[] | null): Promise<HomeOutput> {
  const db = app.db.kysely;
  const now = app.now();
  let unread = db
    .selectFrom('terminal_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('read', '=', 0);
  let pending = db
    .selectFrom('shop_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'pending');
  if (sites) {
    unread = unread.where('site_id', 'in', sites);
    pending = pending.where('site_id', 'in', sites);
  }
  const idleLimit = now - app.config.sessionIdleMin * 60_000;
  const startOfDay = new Date(now).setHours(0, 0, 0, 0);
  const [accounts, enabledAccounts, sessions, unreadN, pendingN, opsToday, failedLogins] = await Promise.all([
    count(db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'))),
    count(
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('enabled', '=', 1),
    ),
    count(
      db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('last_seen_at', '>=', idleLimit),
    ),
    count(unread),
    count(pending),
    count(
      db
        .selectFrom('operation_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('at', '>=', startOfDay),
    ),
    count(
      db
        .selectFrom('login_attempts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('success', '=', 0)
        .where('at', '>=', startOfDay),
    ),
  ]);
  const cards: HomeCard[] = [
    { key: 'unread_terminal_records', area: 'terminals', value: unreadN },
    { key: 'pending_orders', area: 'mall', value: pendingN },
    { key: 'accounts', area: 'system', value: enabledAccounts, total: accounts },
    { key: 'active_sessions', area: 'system', value: sessions },
    { key: 'operations_today', area: 'system', value: opsToday },
    { key: 'failed_logins_today', area: 'system', value: failedLogins },
  ];
  const stat = await fs.statfs(app.config.dataDir);
  const total = os.totalmem();
  return {
    cards,
    system: {
      hostname: os.hostname(),
      uptime_s: Math.round(os.uptime()),
      load: os.loadavg().map((l) => Math.round(l * 100) / 100),
      cpu_count: os.cpus().length,
      cpu_percent: cpuPercent(),
      memory: { total, used: total - os.freemem() },
      disk: {
        path: app.config.dataDir,
        total: stat.blocks * stat.bsize,
        used: (stat.blocks - stat.bfree) * stat.bsize,
      },
    },
    generated_at: formatDateTime(now),
  };
}
