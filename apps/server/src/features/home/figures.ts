import type { HomeCard, HomeOutput, HomeTrends } from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/app-context.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { pendingOrders, unreadTerminalRecords } from '../../platform/resources/counts.ts';
import { hostCollector } from '../system-status/index.ts';
import { terminalFigures } from '../terminal-api/index.ts';
import { type CallDay, callsPerDay } from './call-figures.ts';
import { deviceFigures } from './device-figures.ts';
import { terminalsOnlineTrend } from './online-days.ts';
import { voiceLive } from './voice-figures.ts';

async function count(q: {
  executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }>;
}): Promise<number> {
  return Number((await q.executeTakeFirstOrThrow()).n);
}

const has = (keys: ReadonlySet<string>, ...wanted: string[]) => wanted.some((k) => keys.has(k));

/** Live programmes (media:live) that are enabled, and the last probe's verdict on them. */
async function programmeFigures(app: AppContext, sites: number[] | null) {
  let q = app.db.kysely
    .selectFrom(resourceByName('media:live').table)
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when health = 'up' then 1 else 0 end), 0)`.as('up'),
      sql<number>`coalesce(sum(case when health = 'down' then 1 else 0 end), 0)`.as('down'),
    ])
    .where('enabled', '=', 1);
  if (sites) q = q.where('site_id', 'in', sites);
  const r = await q.executeTakeFirstOrThrow();
  return { total: Number(r.total ?? 0), up: Number(r.up ?? 0), down: Number(r.down ?? 0) };
}

/** Alarm events not yet closed (aiso:alarm_event states new and acknowledged). */
function openAlarms(app: AppContext, sites: number[] | null): Promise<number> {
  let q = app.db.kysely
    .selectFrom(resourceByName('aiso:alarm_event').table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', 'in', ['new', 'acknowledged']);
  if (sites) q = q.where('site_id', 'in', sites);
  return count(q);
}

/** The gateway-wide system cards (accounts, sessions, the operation log, sign-ins). */
async function systemCards(app: AppContext, keys: ReadonlySet<string>): Promise<HomeCard[]> {
  if (!has(keys, 'accounts', 'active_sessions', 'operations_today', 'failed_logins_today')) return [];
  const db = app.db.kysely;
  const now = app.now();
  const idleLimit = now - app.config.sessionIdleMin * 60_000;
  const startOfDay = new Date(now).setHours(0, 0, 0, 0);
  const [accounts, enabledAccounts, sessions, opsToday, failedLogins] = await Promise.all([
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
  return [
    { key: 'accounts', area: 'system', value: enabledAccounts, total: accounts },
    { key: 'active_sessions', area: 'system', value: sessions },
    { key: 'operations_today', area: 'system', value: opsToday },
    { key: 'failed_logins_today', area: 'system', value: failedLogins },
  ];
}

const none = async (): Promise<null> => null;

/**
 * The dashboard's cards of the given sites (null = all), only those whose key is in `keys` (the
 * caller's, card-scope.ts): a figure the caller may not see is neither computed nor sent. Every
 * number is read when asked (DOMAIN 2.1): terminals and devices from when they last called in,
 * extensions and calls in progress from Asterisk (unknown without it), calls from the call
 * records, programmes from the last probe, orders, records and alarms from their tables.
 */
export async function homeCards(
  app: AppContext,
  sites: number[] | null,
  keys: ReadonlySet<string>,
  callDays: Promise<CallDay[] | null> = keys.has('calls_today') ? callsPerDay(app, sites) : none(),
): Promise<HomeCard[]> {
  const today = formatDateTime(app.now()).slice(0, 10);
  const [terminals, voice, calls, devices, programmes, unread, pending, alarms, system] = await Promise.all([
    has(keys, 'terminals_online', 'terminals_total', 'terminals_pending')
      ? terminalFigures(app, sites)
      : none(),
    has(keys, 'extensions_registered', 'active_calls')
      ? voiceLive(app, { registered: keys.has('extensions_registered'), calls: keys.has('active_calls') })
      : none(),
    keys.has('calls_today') ? callDays : none(),
    has(keys, 'aps_online', 'cpes_online') ? deviceFigures(app, sites) : none(),
    has(keys, 'programmes_up', 'programmes_down') ? programmeFigures(app, sites) : none(),
    keys.has('unread_terminal_records') ? unreadTerminalRecords(app, sites) : none(),
    keys.has('pending_orders') ? pendingOrders(app, sites) : none(),
    keys.has('open_alarms') ? openAlarms(app, sites) : none(),
    systemCards(app, keys),
  ]);
  const unknown = voice?.unknown ? { unknown: voice.unknown } : {};
  const cards: HomeCard[] = [];
  if (terminals) {
    // Online = authorised and heard within 3 heartbeat intervals, of the authorised ones.
    cards.push(
      { key: 'terminals_online', area: 'terminals', value: terminals.online, total: terminals.authorized },
      { key: 'terminals_total', area: 'terminals', value: terminals.total },
      { key: 'terminals_pending', area: 'terminals', value: terminals.pending },
    );
  }
  if (voice) {
    cards.push(
      {
        key: 'extensions_registered',
        area: 'voice',
        value: voice.registered,
        total: voice.extensions,
        ...(voice.registered === null ? unknown : {}),
      },
      { key: 'active_calls', area: 'voice', value: voice.calls, ...(voice.calls === null ? unknown : {}) },
    );
  }
  if (calls) {
    const day = calls.find((d) => d.date === today);
    cards.push({ key: 'calls_today', area: 'voice', value: day?.total ?? 0 });
  }
  if (devices) {
    cards.push(
      { key: 'aps_online', area: 'wireless', value: devices.apsOnline, total: devices.aps },
      { key: 'cpes_online', area: 'tr069', value: devices.cpesOnline, total: devices.cpes },
    );
  }
  if (programmes) {
    cards.push(
      { key: 'programmes_up', area: 'media', value: programmes.up, total: programmes.total },
      { key: 'programmes_down', area: 'media', value: programmes.down, total: programmes.total },
    );
  }
  if (pending !== null) cards.push({ key: 'pending_orders', area: 'mall', value: pending });
  if (unread !== null) cards.push({ key: 'unread_terminal_records', area: 'terminals', value: unread });
  if (alarms !== null) cards.push({ key: 'open_alarms', area: 'alarms', value: alarms });
  cards.push(...system);
  return cards.filter((c) => keys.has(c.key));
}

/** The 7-day trends the caller may see (`keys` holds `trend:<name>`). */
export async function homeTrends(
  app: AppContext,
  sites: number[] | null,
  keys: ReadonlySet<string>,
  callDays: Promise<CallDay[] | null> = keys.has('trend:calls') ? callsPerDay(app, sites) : none(),
): Promise<HomeTrends> {
  const [calls, online] = await Promise.all([
    keys.has('trend:calls') ? callDays : none(),
    keys.has('trend:terminals_online') ? terminalsOnlineTrend(app, sites) : none(),
  ]);
  return {
    ...(calls ? { calls } : {}),
    ...(online ? { terminals_online: online } : {}),
  };
}

/** The host figures (the same collector and disk reading as the status and disk pages). */
export function homeSystem(app: AppContext): Promise<HomeOutput['system']> {
  return hostCollector().summary(app.config.dataDir);
}

/** The dashboard: cards, trends and host status for the given sites (null = all). */
export async function homeFigures(
  app: AppContext,
  sites: number[] | null,
  keys: ReadonlySet<string>,
): Promise<HomeOutput> {
  // One read of the call records serves the "calls today" card and the calls trend.
  const callDays = has(keys, 'calls_today', 'trend:calls') ? callsPerDay(app, sites) : none();
  const [cards, trends, system] = await Promise.all([
    homeCards(app, sites, keys, callDays),
    homeTrends(app, sites, keys, callDays),
    homeSystem(app),
  ]);
  return { cards, trends, system, generated_at: formatDateTime(app.now()) };
}
