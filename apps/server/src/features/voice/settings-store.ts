import os from 'node:os';
import {
  VOICE_ADVANCED_DEFAULTS,
  VOICE_BASIC_DEFAULTS,
  type VoiceAdvanced,
  type VoiceBasic,
} from '@igs/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/**
 * The voice singletons, one JSON row each in `voice_settings` (migration 009). A stored value is
 * laid over the defaults, so a field added later gets its default on old databases.
 */

export type VoiceSettingName = 'basic' | 'advanced';

/** The RFC 1918 networks, when the host shows no LAN address of its own. */
const PRIVATE_NETS = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'];

/** DOMAIN's default for `local_nets` is "LAN": the networks of this gateway's IPv4 interfaces. */
export function lanNetworks(
  interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces(),
): string[] {
  const nets = new Set<string>();
  for (const list of Object.values(interfaces)) {
    for (const i of list ?? []) {
      if (i.family !== 'IPv4' || i.internal || !i.cidr) continue;
      const [addr, bits] = i.cidr.split('/');
      const prefix = Number(bits);
      const n = addr!.split('.').reduce((acc, o) => (acc << 8) + Number(o), 0) >>> 0;
      const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
      const net = (n & mask) >>> 0;
      nets.add(`${[24, 16, 8, 0].map((s) => (net >>> s) & 255).join('.')}/${prefix}`);
    }
  }
  return nets.size ? [...nets] : PRIVATE_NETS;
}

async function read(db: Kysely<Database>, name: VoiceSettingName): Promise<Record<string, unknown>> {
  const row = await db
    .selectFrom('voice_settings')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row) return {};
  try {
    const v = JSON.parse(row.value) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function loadBasic(db: Kysely<Database>): Promise<VoiceBasic> {
  const stored = await read(db, 'basic');
  const value = { ...VOICE_BASIC_DEFAULTS, ...stored } as VoiceBasic;
  if (!('local_nets' in stored)) value.local_nets = lanNetworks();
  return value;
}

export async function loadAdvanced(db: Kysely<Database>): Promise<VoiceAdvanced> {
  return { ...VOICE_ADVANCED_DEFAULTS, ...(await read(db, 'advanced')) } as VoiceAdvanced;
}

export async function saveSetting(
  db: Kysely<Database>,
  name: VoiceSettingName,
  value: VoiceBasic | VoiceAdvanced,
  now: number,
): Promise<void> {
  const text = JSON.stringify(value);
  await db
    .insertInto('voice_settings')
    .values({ name, value: text, updated_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: text, updated_at: now }))
    .execute();
}
