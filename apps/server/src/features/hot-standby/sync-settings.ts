import { hotStandbySettings as def } from '@igs/contract/extras';
import type { AppContext } from '../../platform/app-context.ts';
import { readSingleton } from '../../platform/singletons/store.ts';
import { readState } from './state.ts';

/** The hot-standby settings the configuration sync reads, on either side. */
export interface SyncSettings {
  enabled: boolean;
  role: 'master' | 'backup';
  /** The role this gateway is in: the setting, or MASTER when keepalived reported it. */
  actingMaster: boolean;
  syncConfig: boolean;
  key: string;
  /** Where pushes go: peer_url, else http://<peer_ip>:<this console's port>; empty when neither is set. */
  target: string;
}

/** A shorter sync key than this is refused when saved (actions.ts). */
export const SYNC_KEY_MIN = 16;

export function syncTarget(values: Record<string, unknown>, port: number): string {
  const url = String(values.peer_url ?? '').trim();
  if (url) return url.replace(/\/+$/, '');
  const ip = String(values.peer_ip ?? '').trim();
  return ip ? `http://${ip}:${port}` : '';
}

export async function syncSettings(app: AppContext): Promise<SyncSettings> {
  const v = await readSingleton(app, def, 0);
  const role = v.role === 'backup' ? 'backup' : 'master';
  const reported = await readState(app);
  return {
    enabled: Number(v.enabled) === 1,
    role,
    actingMaster: role === 'master' || reported.state === 'MASTER',
    syncConfig: Number(v.sync_config) === 1,
    key: String(v.sync_key ?? ''),
    target: syncTarget(v, app.config.port),
  };
}

/** Whether this gateway pushes its configuration to the peer. */
export function pushes(s: SyncSettings): boolean {
  return s.enabled && s.role === 'master' && s.syncConfig && s.key.length >= SYNC_KEY_MIN && !!s.target;
}
