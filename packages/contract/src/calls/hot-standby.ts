import { z } from 'zod';
import { HOT_STANDBY_STATES, SystemServicePaths } from '../extras/system-services.ts';
import { defineCall } from './define.ts';

/** system/HotStandby (`system/hot_standby`): whether the peer answers, and the switchover. */

/** Peer reachability: TCP to its console port and one ping where ping is installed. */
export const PeerCheck = z.object({
  peer_ip: z.string(),
  tcp: z.object({ port: z.number(), ok: z.boolean(), ms: z.number().nullable(), error: z.string() }),
  ping: z.object({ ran: z.boolean(), ok: z.boolean(), output: z.string() }),
});
export type PeerCheck = z.infer<typeof PeerCheck>;

/** What writing keepalived's files did: the files (under DATA_DIR/etc), the apply and keepalived's own check. */
export const HotStandbyWrite = z.object({
  written: z.array(z.string()),
  removed: z.array(z.string()),
  applied: z.boolean(),
  note: z.string(),
  check: z.object({ ran: z.boolean(), ok: z.boolean(), output: z.string() }),
});
export type HotStandbyWrite = z.infer<typeof HotStandbyWrite>;

const flag = z.union([z.literal(0), z.literal(1)]);

/** The settings as `detail` answers them (auth_pass empty, `secret_set` says whether one is stored), with the host's side. */
export const HotStandbyDetail = z.object({
  enabled: flag,
  role: z.enum(['master', 'backup']),
  interface: z.string(),
  virtual_ip: z.string(),
  vrid: z.number(),
  /** Null: the role's default (150 master, 100 backup), see `priority_effective`. */
  priority: z.number().nullable(),
  advert_int: z.number(),
  auth_pass: z.literal(''),
  peer_ip: z.string(),
  preempt: flag,
  sync_config: flag,
  secret_set: z.object({ auth_pass: z.boolean() }),
  /** What keepalived's notify script last reported (`unknown` before any report), and when. */
  state: z.enum(HOT_STANDBY_STATES),
  state_at: z.string(),
  priority_effective: z.number(),
  /** The host's interfaces but loopback. */
  interfaces: z.array(z.string()),
  keepalived_installed: z.boolean(),
  config_path: z.string(),
  apply_enabled: z.boolean(),
  /** Pushing the configuration to the peer is not built: always false. */
  sync_push: z.literal(false),
});
export type HotStandbyDetail = z.infer<typeof HotStandbyDetail>;

export const HOT_STANDBY_REPORTED = ['MASTER', 'BACKUP', 'FAULT', 'STOP'] as const;

export const hotStandbyCalls = {
  detail: defineCall({
    path: SystemServicePaths.hotStandby,
    method: 'detail',
    input: z.object({}).loose(),
    output: HotStandbyDetail,
  }),
  /** Saves the settings (the singleton's fields, checked by the server) and writes keepalived.conf. */
  form: defineCall({
    path: SystemServicePaths.hotStandby,
    method: 'form',
    input: z.object({}).loose(),
    output: HotStandbyWrite,
  }),
  /** keepalived's notify script (public, with the x-igs-notify-key header): the VRRP state it entered. */
  notify: defineCall({
    path: SystemServicePaths.hotStandbyNotify,
    input: z.object({ state: z.unknown().optional(), priority: z.unknown().optional() }).loose(),
    output: z.object({ state: z.enum(HOT_STANDBY_REPORTED) }),
  }),
  check: defineCall({
    path: SystemServicePaths.hotStandby,
    method: 'check',
    input: z.object({}),
    output: PeerCheck,
  }),
  /** Not applied (IGS_APPLY off): only the note; else what the swapped settings wrote. */
  switchover: defineCall({
    path: SystemServicePaths.hotStandby,
    method: 'switchover',
    input: z.object({}),
    output: z.union([HotStandbyWrite, z.object({ applied: z.literal(false), note: z.string() })]),
  }),
};
