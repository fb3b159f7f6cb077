import { type HomeCard, Paths, SystemAdminPaths, VoicePaths } from '@igs/contract';
import type { AppContext } from '../../platform/app-context.ts';
import { holdsAnyPath } from '../../platform/auth/permissions.ts';
import { seesResource } from '../../platform/auth/record-kinds.ts';
import type { Caller } from '../../platform/http/action.ts';

/**
 * Which dashboard cards a caller sees (the home, the operations home and their exports): a card
 * counts records of one kind, shown only to a role that holds that kind's page
 * (auth/record-kinds.ts). The system cards count the whole gateway (accounts, sessions, the
 * operation log, failed sign-ins), so they are shown in full mode only, to a role holding the
 * page they come from, never to an operations account, whose figures are its sites'. A card not
 * listed here is not shown: a new card must say what it needs. The 7-day trends (`trend:…`) follow
 * the same rule. Voice has no operations pages, so its cards are full-mode only by the same test.
 */
type Need = { resource: string } | { fullModePath: string };

const NEEDS: Record<string, Need> = {
  terminals_online: { resource: 'index:app_list' },
  terminals_total: { resource: 'index:app_list' },
  terminals_pending: { resource: 'index:app_list' },
  extensions_registered: { resource: 'voice:extension' },
  active_calls: { fullModePath: VoicePaths.calls },
  calls_today: { resource: 'voice:cdr' },
  aps_online: { resource: 'ac:ap' },
  cpes_online: { resource: 'tr069:device' },
  programmes_up: { resource: 'media:live' },
  programmes_down: { resource: 'media:live' },
  unread_terminal_records: { resource: 'smart:terminal_record' },
  pending_orders: { resource: 'shop:order' },
  open_alarms: { resource: 'aiso:alarm_event' },
  accounts: { fullModePath: SystemAdminPaths.administrator },
  active_sessions: { fullModePath: SystemAdminPaths.administrator },
  operations_today: { fullModePath: Paths.logging },
  failed_logins_today: { fullModePath: Paths.logging },
  'trend:calls': { resource: 'voice:cdr' },
  'trend:terminals_online': { resource: 'index:app_list' },
};

/** The keys of the cards this caller may see. */
export async function visibleCardKeys(app: AppContext, caller: Caller): Promise<Set<string>> {
  const keys = new Set<string>();
  await Promise.all(
    Object.entries(NEEDS).map(async ([key, need]) => {
      const seen =
        'resource' in need
          ? await seesResource(app, caller, need.resource)
          : !caller.isOperations && (await holdsAnyPath(app, caller, [need.fullModePath]));
      if (seen) keys.add(key);
    }),
  );
  return keys;
}

export function onlyCards(cards: HomeCard[], keys: Set<string>): HomeCard[] {
  return cards.filter((c) => keys.has(c.key));
}
