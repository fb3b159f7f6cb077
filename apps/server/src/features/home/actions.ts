import { Code, type HomeOutput, type OperationsHomeOutput } from '@igs/contract';
import { homeCalls } from '@igs/contract/calls';
import { strToU8, zipSync } from 'fflate';
import type { AppContext } from '../../platform/app-context.ts';
import { hasButton } from '../../platform/auth/permissions.ts';
import { offerDownload } from '../../platform/exports/downloads.ts';
import { type Caller, defineCallAction } from '../../platform/http/action.ts';
import { apiError } from '../../platform/http/errors.ts';
import { toCsv } from '../../platform/lib/csv.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { siteNames } from '../../platform/sites/registry.ts';
import { visibleCardKeys } from './card-scope.ts';
import { cardsOf, homeFigures, homeSystem, sharedFigures } from './figures.ts';
import { readOfSnapshot, siteFigures } from './site-figures.ts';
import { knownSites, sortSites } from './sites.ts';

/**
 * The home data as a ZIP of CSV files behind a single-use URL (DOMAIN section 2.1): the cards the
 * caller may see (card-scope.ts), of its sites.
 */
async function exportHome(app: AppContext, caller: Caller, sites: number[] | null) {
  const home = await scopedHome(app, caller, sites);
  const zip = zipSync({
    'cards.csv': strToU8(
      toCsv(
        ['area', 'key', 'value', 'total', 'unknown'],
        home.cards.map((x) => [x.area, x.key, x.value ?? '', x.total ?? '', x.unknown ?? '']),
      ),
    ),
    'system.csv': strToU8(
      toCsv(
        [
          'hostname',
          'uptime_s',
          'cpu_count',
          'cpu_percent',
          'load_1m',
          'memory_total',
          'memory_used',
          'disk_total',
          'disk_used',
          'disk_used_pct',
          'generated_at',
        ],
        [
          [
            home.system.hostname,
            home.system.uptime_s,
            home.system.cpu_count,
            home.system.cpu_percent,
            home.system.load[0],
            home.system.memory.total,
            home.system.memory.used,
            home.system.disk.total,
            home.system.disk.used,
            home.system.disk.used_pct,
            home.generated_at,
          ],
        ],
      ),
    ),
  });
  const stamp = home.generated_at.replace(/[-: ]/g, '').slice(0, 14);
  return offerDownload(app, caller.user.id, `home-${stamp}.zip`, zip);
}

/** The home figures of these sites: only the cards and trends the caller may see are read and sent. */
async function scopedHome(app: AppContext, caller: Caller, sites: number[] | null): Promise<HomeOutput> {
  return homeFigures(app, sites, await visibleCardKeys(app, caller));
}

export const homeActions = [
  defineCallAction(homeCalls.home, {
    summary: 'Dashboard figures: counts per business area and the host status',
    access: 'module',
    mutates: false,
    async handler({ app, caller, scope }): Promise<HomeOutput> {
      return scopedHome(app, caller, caller.isOperations ? scope.read : null);
    },
  }),

  defineCallAction(homeCalls.export, {
    summary:
      'Exports the home data (method export, value all) as a ZIP of CSV files; returns its single-use URL',
    access: 'session',
    async handler({ app, caller, scope }) {
      const c = caller;
      // The operations top bar offers this to every operations session; in full mode it is the holiday-theme export button.
      if (!c.isOperations && !(await hasButton(app, c.user.role_id, 'festival:index:export'))) {
        throw apiError(Code.forbidden, 'forbiddenButton');
      }
      return exportHome(app, c, c.isOperations ? scope.read : null);
    },
  }),
  defineCallAction(homeCalls.operations, {
    summary:
      'Operations home: the fleet totals and the dashboard cards of each site in igs-sids (a page of them when paged), and the host status',
    access: 'module',
    mutates: false,
    async handler({ app, caller, scope }, input): Promise<OperationsHomeOutput> {
      // The sites named by igs-sids, else every site the account reaches (all known sites for `*`).
      const sites = scope.fleet ?? (await knownSites(app));
      const keys = await visibleCardKeys(app, caller);
      // The per-site figures from the snapshot (site-figures.ts), only of these sites; the live ones per call.
      const [snapshot, shared, system] = await Promise.all([
        siteFigures(app, sites),
        sharedFigures(app, keys),
        homeSystem(app),
      ]);
      const read = readOfSnapshot(snapshot.rows, keys);
      const withCards = (site_id: number) => ({ site_id, cards: cardsOf(read, shared, site_id, keys) });
      const paged = input.page !== undefined || input.limit !== undefined;
      const page = input.page ?? 1;
      const limit = input.limit ?? (paged ? 20 : sites.length);
      const order = input.order ?? 'asc';
      const from = (page - 1) * limit;
      // Sorted by a figure: every site's cards to sort; otherwise only the page's cards are made.
      const shown =
        input.sort && input.sort !== 'site'
          ? sortSites(sites.map(withCards), input.sort, order).slice(from, from + limit)
          : (input.sort ? [...sites].sort((x, y) => (order === 'desc' ? y - x : x - y)) : sites)
              .slice(from, from + limit)
              .map(withCards);
      // Each site by its registered name (a site only in use, not registered, has none).
      const names = await siteNames(
        app,
        shown.map((s) => s.site_id),
      );
      return {
        sites: shown.map((s) => ({ ...s, name: names.get(s.site_id) ?? '' })),
        totals: cardsOf(read, shared, null, keys),
        total: sites.length,
        page,
        limit,
        system,
        generated_at: formatDateTime(app.now()),
        figures_at: formatDateTime(snapshot.generatedAt),
      };
    },
  }),

  defineCallAction(homeCalls.operationsCredentials, {
    summary: "The operations session's mode and customer id",
    access: 'module',
    mutates: false,
    async handler({ caller }) {
      return {
        detail: {
          is_operations: caller.isOperations,
          c_id: caller.user.cid,
          username: caller.user.username,
        },
      };
    },
  }),

  defineCallAction(homeCalls.operationsExport, {
    summary: 'Operations home export: a ZIP of CSV files of the sites in igs-sids, as a single-use URL',
    access: 'module',
    mutates: true,
    button: 'bulletin_board:export',
    async handler({ app, caller, scope }) {
      return exportHome(app, caller, scope.fleet);
    },
  }),
];
