import type { MenuNode } from '@igs/contract';
import { SITE_PARAM } from '../../features/resource/editor-links.tsx';
import { joinPath } from '../../router/menu-routes.tsx';

/**
 * Where each dashboard figure leads: the page module it counts, by menu component, found in the
 * signed-in role's menus (a card is only sent for a page the role holds; a page without a route
 * gives a card without a link). `tab` opens the right tab of a module with several lists. In
 * operations mode the operations twin is opened on the card's site (`?id=`).
 */

interface Target {
  component: string;
  tab?: string;
}

const FULL: Record<string, Target> = {
  terminals_online: { component: 'smart/TerminalAuthorization' },
  terminals_total: { component: 'smart/TerminalAuthorization' },
  terminals_pending: { component: 'smart/TerminalAuthorization' },
  extensions_registered: { component: 'voice/Extension' },
  active_calls: { component: 'voice/VoiceCalls' },
  calls_today: { component: 'voice/CallRecords' },
  aps_online: { component: 'ac/ApCategory' },
  cpes_online: { component: 'tr069/TerminalList' },
  programmes_up: { component: 'media/LiveProgram' },
  programmes_down: { component: 'media/LiveProgram' },
  pending_orders: { component: 'smart/MallManagement', tab: 'order' },
  unread_terminal_records: { component: 'smart/TerminalRecord' },
  open_alarms: { component: 'aiso/AlarmLinkage', tab: 'alarm_event' },
  accounts: { component: 'system/ManageSettings' },
  active_sessions: { component: 'system/ManageSettings' },
  operations_today: { component: 'system/OperationLog' },
  failed_logins_today: { component: 'system/OperationLog' },
  // The host figures and the trends.
  cpu: { component: 'system/OperationStatus' },
  memory: { component: 'system/OperationStatus' },
  disk: { component: 'system/Disk' },
  host: { component: 'system/OperationStatus' },
  trend_calls: { component: 'voice/CallRecords' },
  trend_terminals_online: { component: 'smart/TerminalStatistics' },
};

const OPERATIONS: Record<string, Target> = {
  terminals_online: { component: 'operations/TerminalAuthorization' },
  terminals_total: { component: 'operations/TerminalAuthorization' },
  terminals_pending: { component: 'operations/TerminalAuthorization' },
  programmes_up: { component: 'operations/LiveProgram' },
  programmes_down: { component: 'operations/LiveProgram' },
  pending_orders: { component: 'operations/MallManagement', tab: 'order' },
};

/** The absolute route of the first menu item showing this component, depth first. */
export function routeOfComponent(
  nodes: readonly MenuNode[],
  component: string,
  parentPath = '',
): string | undefined {
  for (const node of nodes) {
    const path = joinPath(parentPath, node.path);
    if (node.component === component) return path;
    const found = node.children ? routeOfComponent(node.children, component, path) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** The route (with its query) a figure links to, or undefined when the role has no such page. */
export function cardRoute(
  key: string,
  menus: readonly MenuNode[],
  isOperations: 0 | 1,
  site?: number,
): string | undefined {
  const target = (isOperations ? OPERATIONS : FULL)[key];
  if (!target) return undefined;
  const path = routeOfComponent(menus, target.component);
  if (!path) return undefined;
  const query = new URLSearchParams();
  if (isOperations && site !== undefined) query.set(SITE_PARAM, String(site));
  if (target.tab) query.set('tab', target.tab);
  const q = query.toString();
  return q ? `${path}?${q}` : path;
}
