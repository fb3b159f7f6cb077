/** The upgrade page's reading of the server's package rows (`upgradeCalls` of the contract). */

import type { PackageRow, PackageState, UpgradeInfo } from '@igs/contract/calls';

export type { PackageRow, PackageState, UpgradeInfo };

/** The detail call without id answers the running version; with id, a package. */
export function isUpgradeInfo(d: PackageRow | UpgradeInfo): d is UpgradeInfo {
  return 'apply_enabled' in d;
}

export const STATE_COLORS: Record<PackageState, string> = {
  uploaded: 'default',
  verified: 'blue',
  applied: 'green',
  failed: 'red',
};

/**
 * Which verbs a row offers: apply for a good package, enabled only where the host allows
 * installing (the button stays visible, disabled, so the reason can be read beside it).
 */
export function rowVerbs(
  row: PackageRow,
  info: UpgradeInfo | undefined,
): { verify: boolean; apply: boolean; applyEnabled: boolean } {
  const apply = row.signature === 'valid' && (row.state === 'verified' || row.state === 'applied');
  return { verify: row.state !== 'uploaded', apply, applyEnabled: apply && Boolean(info?.apply_enabled) };
}
