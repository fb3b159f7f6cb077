/** The upgrade page's reading of the server's package rows (server: features/upgrade/actions.ts). */

export type PackageState = 'uploaded' | 'verified' | 'applied' | 'failed';

export interface PackageRow {
  id: number;
  file_name: string;
  version: string;
  build: string;
  size: number;
  sha256: string;
  signature: 'valid' | 'invalid';
  changelog: string;
  state: PackageState;
  message: string;
  created_at: string;
  applied_at: string;
  file_count: number;
  newer: boolean;
  files?: { path: string; size: number; sha256: string }[];
}

export interface UpgradeInfo {
  version: string;
  build: string;
  node: string;
  apply_enabled: boolean;
  current_release: string;
  previous_release: string;
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
