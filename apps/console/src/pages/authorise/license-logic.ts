/** The licence page's reading of the detail call (`licenceCalls.detail` of the contract). */

import type { LicenceDetail } from '@igs/contract/calls';

export type { LicenceDetail };

/** The banner above the licence: its kind and whether the server's reason or warning is shown. */
export function banner(d: LicenceDetail): {
  type: 'info' | 'success' | 'warning' | 'error';
  text: 'state' | 'warning' | 'reason';
} {
  if (d.state === 'evaluation') return { type: 'info', text: 'state' };
  if (d.state === 'valid')
    return d.warning ? { type: 'warning', text: 'warning' } : { type: 'success', text: 'state' };
  return { type: 'error', text: d.reason ? 'reason' : 'state' };
}

/** Percent of a limit in use (for the bar); null when there is no limit or no count. */
export function usagePercent(limit: number | null, usage: number | null): number | null {
  if (limit === null || usage === null) return null;
  if (limit === 0) return usage > 0 ? 100 : 0;
  return Math.min(100, Math.round((usage / limit) * 100));
}

/**
 * The running instances the installed licence leaves out (their business modules are refused);
 * none when no licence names any machine (evaluation, no licence).
 */
export function uncoveredInstances(d: LicenceDetail): LicenceDetail['instances'] {
  if (d.machine_codes.length === 0) return [];
  return d.instances.filter((i) => i.current && !i.covered);
}
