import type { HomeCard, HomeOutput, HomeTrends } from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/app-context.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import {
  type BySite,
  type Figures,
  groupedBySite,
  ofSite,
  summed,
} from '../../platform/resources/by-site.ts';
import {
  countBySite,
  pendingOrdersBySite,
  unreadTerminalRecordsBySite,
} from '../../platform/resources/counts.ts';
import { untyped } from '../../platform/resources/queries.ts';
import { hostCollector } from '../system-status/index.ts';
import { TERMINAL_FIGURES, type TerminalFigures, terminalFiguresBySite } from '../terminal-api/index.ts';
import { type CallDay, callDaysSummed, callsPerDayBySite } from './call-figures.ts';
import { DEVICE_FIGURES, type DeviceFigures, deviceFiguresBySite } from './device-figures.ts';
import { terminalsOnlineTrend } from './online-days.ts';
import { type VoiceLive, voiceLive } from './voice-figures.ts';

async function count(q: {
  executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }>;
}): Promise<number> {
  return Number((await q.executeTakeFirstOrThrow()).n);
}

const has = (keys: ReadonlySet<string>, ...wanted: string[]) => wanted.some((k) => keys.has(k));

export const PROGRAMME_FIGURES = ['total', 'up', 'down'] as const;
export type ProgrammeFigures = Record<(typeof PROGRAMME_FIGURES)[number], number>;

/** Live programmes (media:live) that are enabled, and the last probe's verdict on them, per site. */
export function programmeFiguresBySite(app: AppContext, sites: readonly number[] | null) {
  const q = untyped(app.db.kysely)
    .selectFrom(resourceByName('media:live').table)
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when health = 'up' then 1 else 0 end), 0)`.as('up'),
      sql<number>`coalesce(sum(case when health = 'down' then 1 else 0 end), 0)`.as('down'),
    ])
    .where('enabled', '=', 1);
  return groupedBySite<ProgrammeFigures>(q, sites, PROGRAMME_FIGURES);
}

/** Alarm events not yet closed (aiso:alarm_event states new and acknowledged), per site. */
export const openAlarmsBySite = (app: AppContext, sites: readonly number[] | null) =>
  countBySite(app, 'aiso:alarm_event', 'state', ['new', 'acknowledged'], sites);

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
 * The per-site figures the cards in `keys` need, each read once for all the sites asked (or
 * taken from the operations home's snapshot, site-figures.ts); null: not wanted.
 */
export interface ReadBySite {
  terminals: BySite<TerminalFigures> | null;
  devices: BySite<DeviceFigures> | null;
  programmes: BySite<ProgrammeFigures> | null;
  unread: BySite<{ n: number }> | null;
  pending: BySite<{ n: number }> | null;
  alarms: BySite<{ n: number }> | null;
  /** Calls started today (server zone). */
  callsToday: BySite<{ n: number }> | null;
}

/** What is the same for every site and read live: Asterisk's figures and the gateway's own cards. */
export interface Shared {
  voice: VoiceLive | null;
  system: HomeCard[];
}

/** The live figures shared by every site, those the cards in `keys` need. */
export async function sharedFigures(app: AppContext, keys: ReadonlySet<string>): Promise<Shared> {
  const [voice, system] = await Promise.all([
    has(keys, 'extensions_registered', 'active_calls')
      ? voiceLive(app, { registered: keys.has('extensions_registered'), calls: keys.has('active_calls') })
      : none(),
    systemCards(app, keys),
  ]);
  return { voice, system };
}

/** Today's calls of each site, out of the 7 days read for the trend. */
function callsTodayOf(now: number, perSite: Map<number, CallDay[]>): BySite<{ n: number }> {
  const today = formatDateTime(now).slice(0, 10);
  const out: BySite<{ n: number }> = new Map();
  for (const [site, days] of perSite) out.set(site, { n: days.find((d) => d.date === today)?.total ?? 0 });
  return out;
}

type CallDays = Promise<Map<number, CallDay[]> | null>;

async function readBySite(
  app: AppContext,
  sites: readonly number[] | null,
  keys: ReadonlySet<string>,
  callDays: CallDays,
): Promise<[ReadBySite, Shared]> {
  const [terminals, shared, calls, devices, programmes, unread, pending, alarms] = await Promise.all([
    has(keys, 'terminals_online', 'terminals_total', 'terminals_pending')
      ? terminalFiguresBySite(app, sites)
      : none(),
    sharedFigures(app, keys),
    keys.has('calls_today') ? callDays : none(),
    has(keys, 'aps_online', 'cpes_online') ? deviceFiguresBySite(app, sites) : none(),
    has(keys, 'programmes_up', 'programmes_down') ? programmeFiguresBySite(app, sites) : none(),
    keys.has('unread_terminal_records') ? unreadTerminalRecordsBySite(app, sites) : none(),
    keys.has('pending_orders') ? pendingOrdersBySite(app, sites) : none(),
    keys.has('open_alarms') ? openAlarmsBySite(app, sites) : none(),
  ]);
  const callsToday = calls ? callsTodayOf(app.now(), calls) : null;
  return [{ terminals, devices, programmes, unread, pending, alarms, callsToday }, shared];
}

/** One site's figures, or (site null) the sum of every site read. */
function pick<T extends Figures>(
  map: BySite<T> | null,
  site: number | null,
  names: readonly (keyof T & string)[],
): T | null {
  if (!map) return null;
  return site === null ? summed(map, names) : ofSite(map, site, names);
}

/** The cards of one site (or of all read, site null), only those whose key is in `keys`. */
export function cardsOf(
  read: ReadBySite,
  shared: Shared,
  site: number | null,
  keys: ReadonlySet<string>,
): HomeCard[] {
  const terminals = pick(read.terminals, site, TERMINAL_FIGURES);
  const devices = pick(read.devices, site, DEVICE_FIGURES);
  const programmes = pick(read.programmes, site, PROGRAMME_FIGURES);
  const unread = pick(read.unread, site, ['n']);
  const pending = pick(read.pending, site, ['n']);
  const alarms = pick(read.alarms, site, ['n']);
  const calls = pick(read.callsToday, site, ['n']);
  const { voice, system } = shared;
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
  if (calls) cards.push({ key: 'calls_today', area: 'voice', value: calls.n });
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
  if (pending) cards.push({ key: 'pending_orders', area: 'mall', value: pending.n });
  if (unread) cards.push({ key: 'unread_terminal_records', area: 'terminals', value: unread.n });
  if (alarms) cards.push({ key: 'open_alarms', area: 'alarms', value: alarms.n });
  cards.push(...system);
  return cards.filter((c) => keys.has(c.key));
}

const callDaysOf = (app: AppContext, sites: readonly number[] | null, wanted: boolean): CallDays =>
  wanted ? callsPerDayBySite(app, sites) : none();

/**
 * The dashboard's cards of the given sites (null = all), only those whose key is in `keys` (the
 * caller's, card-scope.ts): a figure the caller may not see is neither computed nor sent. Every
 * number is read when asked (DOMAIN 2.1): terminals and devices from when they last called in,
 * extensions and calls in progress from Asterisk (unknown without it), calls from the call
 * records, programmes from the last probe, orders, records and alarms from their tables.
 */
async function homeCards(
  app: AppContext,
  sites: number[] | null,
  keys: ReadonlySet<string>,
  callDays: CallDays = callDaysOf(app, sites, keys.has('calls_today')),
): Promise<HomeCard[]> {
  const [read, shared] = await readBySite(app, sites, keys, callDays);
  return cardsOf(read, shared, null, keys);
}

/** The 7-day trends the caller may see (`keys` holds `trend:<name>`). */
export async function homeTrends(
  app: AppContext,
  sites: number[] | null,
  keys: ReadonlySet<string>,
  callDays: CallDays = callDaysOf(app, sites, keys.has('trend:calls')),
): Promise<HomeTrends> {
  const [perSite, online] = await Promise.all([
    keys.has('trend:calls') ? callDays : none(),
    keys.has('trend:terminals_online') ? terminalsOnlineTrend(app, sites) : none(),
  ]);
  const calls = perSite ? callDaysSummed(app.now(), perSite.values()) : null;
  return {
    ...(calls ? { calls } : {}),
    ...(online ? { terminals_online: online } : {}),
  };
}

/** How long one reading of the host figures serves the home calls that come meanwhile. */
const SYSTEM_SHARED_MS = 1000;
const lastSystem = new WeakMap<AppContext, { at: number; reading: Promise<HomeOutput['system']> }>();

/**
 * The host figures (the same collector and disk reading as the status and disk pages), read live:
 * the calls of one second share one reading (eight /proc and file-system reads each, which under
 * hundreds of operations homes at once queued in the file-system thread pool).
 */
export function homeSystem(app: AppContext): Promise<HomeOutput['system']> {
  const now = app.now();
  const last = lastSystem.get(app);
  if (last && now >= last.at && now - last.at < SYSTEM_SHARED_MS) return last.reading;
  const reading = hostCollector().summary(app.config.dataDir);
  lastSystem.set(app, { at: now, reading });
  // A failed reading is not kept: the next call reads again.
  reading.catch(() => {
    if (lastSystem.get(app)?.reading === reading) lastSystem.delete(app);
  });
  return reading;
}

/** The dashboard: cards, trends and host status for the given sites (null = all). */
export async function homeFigures(
  app: AppContext,
  sites: number[] | null,
  keys: ReadonlySet<string>,
): Promise<HomeOutput> {
  // One read of the call records serves the "calls today" card and the calls trend.
  const callDays = callDaysOf(app, sites, has(keys, 'calls_today', 'trend:calls'));
  const [cards, trends, system] = await Promise.all([
    homeCards(app, sites, keys, callDays),
    homeTrends(app, sites, keys, callDays),
    homeSystem(app),
  ]);
  return { cards, trends, system, generated_at: formatDateTime(app.now()) };
}
