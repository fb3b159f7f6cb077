import type { HomeCard, HomeOutput } from '@igs/contract';
import type { AppContext } from '../../app-context.ts';
import { formatDateTime } from '../../lib/time.ts';
import { pendingOrders, unreadTerminalRecords } from '../resources/counts.ts';
import { hostCollector } from '../system-status/collector.ts';
import { terminalFigures } from '../terminal-api/presence.ts';
import { deviceFigures } from './device-figures.ts';

async function count(q: {
  executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }>;
}): Promise<number> {
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** The dashboard's figures, from the database and the host, for the given sites (null = all). */
export async function homeFigures(app: AppContext, sites: number[] | null): Promise<HomeOutput> {
  const db = app.db.kysely;
  const now = app.now();
  const idleLimit = now - app.config.sessionIdleMin * 60_000;
  const startOfDay = new Date(now).setHours(0, 0, 0, 0);
  const [accounts, enabledAccounts, sessions, unreadN, pendingN, opsToday, failedLogins, terminals, devices] =
    await Promise.all([
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
      unreadTerminalRecords(app, sites),
      pendingOrders(app, sites),
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
      terminalFigures(app, sites),
      deviceFigures(app, sites),
    ]);
  // Terminals (DOMAIN 2.1): online = authorised and heard within 3 heartbeat intervals, of the
  // authorised ones; every terminal row; those waiting for authorisation. Only cards whose live
  // state exists are shown: extensions, calls, programmes and alarms have no live source on this
  // gateway yet (no AMI or probe data), so they are not invented. APs and CPEs: device-figures.ts.
  const cards: HomeCard[] = [
    { key: 'terminals_online', area: 'terminals', value: terminals.online, total: terminals.authorized },
    { key: 'terminals_total', area: 'terminals', value: terminals.total },
    { key: 'terminals_pending', area: 'terminals', value: terminals.pending },
    { key: 'aps_online', area: 'wireless', value: devices.apsOnline, total: devices.aps },
    { key: 'cpes_online', area: 'tr069', value: devices.cpesOnline, total: devices.cpes },
    { key: 'unread_terminal_records', area: 'terminals', value: unreadN },
    { key: 'pending_orders', area: 'mall', value: pendingN },
    { key: 'accounts', area: 'system', value: enabledAccounts, total: accounts },
    { key: 'active_sessions', area: 'system', value: sessions },
    { key: 'operations_today', area: 'system', value: opsToday },
    { key: 'failed_logins_today', area: 'system', value: failedLogins },
  ];
  // The same collector as the status page (system/running): /proc readings, CPU use as a rate.
  return {
    cards,
    system: await hostCollector().summary(app.config.dataDir),
    generated_at: formatDateTime(now),
  };
}
