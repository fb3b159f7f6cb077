import type { MenuNode } from '@igs/contract';
import { describe, expect, it } from 'vitest';
import { cardRoute, routeOfComponent } from './card-links.ts';

const node = (path: string, component: string, children?: MenuNode[]): MenuNode => ({
  path,
  component,
  name: component,
  meta: { title: component },
  ...(children ? { children } : {}),
});

const full: MenuNode[] = [
  node('/dashboard', 'dashboard/Dashboard'),
  node('/voice', 'Layout', [node('extension', 'voice/Extension'), node('cdr', 'voice/CallRecords')]),
  node('/smart', 'Layout', [
    node('mall', 'smart/MallManagement'),
    node('records', 'Layout', [node('terminal', 'smart/TerminalRecord')]),
  ]),
  node('/system', 'Layout', [node('disk', 'system/Disk')]),
];
const ops: MenuNode[] = [
  node('/operations', 'Layout', [
    node('', 'operations/Home'),
    node('mall', 'operations/MallManagement'),
    node('terminal-auth', 'operations/TerminalAuthorization'),
  ]),
];

describe('dashboard card links', () => {
  it('finds a page by its component in the role’s menus', () => {
    expect(routeOfComponent(full, 'smart/TerminalRecord')).toBe('/smart/records/terminal');
    expect(routeOfComponent(full, 'voice/VoiceCalls')).toBeUndefined();
  });

  it('links each figure to its page, on the right tab; none where the role has no page', () => {
    expect(cardRoute('calls_today', full, 0)).toBe('/voice/cdr');
    expect(cardRoute('pending_orders', full, 0)).toBe('/smart/mall?tab=order');
    expect(cardRoute('unread_terminal_records', full, 0)).toBe('/smart/records/terminal');
    expect(cardRoute('disk', full, 0)).toBe('/system/disk');
    expect(cardRoute('active_calls', full, 0)).toBeUndefined();
    expect(cardRoute('no_such_card', full, 0)).toBeUndefined();
  });

  it('in operations mode opens the operations twin on the card’s site', () => {
    expect(cardRoute('pending_orders', ops, 1, 2)).toBe('/operations/mall?id=2&tab=order');
    expect(cardRoute('terminals_online', ops, 1, 0)).toBe('/operations/terminal-auth?id=0');
    expect(cardRoute('terminals_online', ops, 1)).toBe('/operations/terminal-auth');
    // Full-mode pages are never an operations card's target.
    expect(cardRoute('disk', [...full, ...ops], 1, 2)).toBeUndefined();
  });
});
