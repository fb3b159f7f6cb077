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

/**
 * The configuration sync as one gateway holds it (kept in the database, shared by the instances
 * on one PostgreSQL). Versions are operation-log ids: the master's newest logged change, what it
 * last pushed, and what a backup last applied. Times are formatted; empty when never.
 */
export const HotStandbySyncLocal = z.object({
  version: z.number(),
  changed_at: z.string(),
  pushed_version: z.number(),
  pushed_at: z.string(),
  /**
   * The last push (after its retries): ok, or failed with `reason`, one of HOT_STANDBY_SYNC_REASONS
   * (the page words it in its reader's language), and `detail`, what the network or the peer said.
   */
  last_push: z
    .object({
      ok: z.boolean(),
      at: z.string(),
      version: z.number(),
      reason: z.string(),
      detail: z.string(),
    })
    .nullable(),
  held_version: z.number(),
  held_at: z.string(),
});
export type HotStandbySyncLocal = z.infer<typeof HotStandbySyncLocal>;

/** Why a push failed (or `already_held`: the peer had this version already, which counts as ok). */
export const HOT_STANDBY_SYNC_REASONS = [
  'already_held',
  'not_master',
  'no_key',
  'no_peer',
  'too_large',
  'unreachable',
  'timeout',
  'bad_reply',
  'refused_key',
  'refused_time',
  'refused_master',
  'refused_older',
  'refused_off',
  'apply_failed',
  'snapshot_failed',
] as const;
export type HotStandbySyncReason = (typeof HOT_STANDBY_SYNC_REASONS)[number];

/** What a peer answers the authenticated state query with. */
export const HotStandbySyncPeer = z.object({
  role: z.enum(['master', 'backup']),
  version: z.number(),
  held_version: z.number(),
  held_at: z.string(),
});
export type HotStandbySyncPeer = z.infer<typeof HotStandbySyncPeer>;

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
  peer_url: z.string(),
  sync_key: z.literal(''),
  secret_set: z.object({ auth_pass: z.boolean(), sync_key: z.boolean() }),
  /** What keepalived's notify script last reported (`unknown` before any report), and when. */
  state: z.enum(HOT_STANDBY_STATES),
  state_at: z.string(),
  priority_effective: z.number(),
  /** The host's interfaces but loopback. */
  interfaces: z.array(z.string()),
  keepalived_installed: z.boolean(),
  config_path: z.string(),
  apply_enabled: z.boolean(),
  /** Whether this gateway pushes its configuration: on, master, sync_config on and a sync key set. */
  sync_push: z.boolean(),
  /** The peer address pushes go to (peer_url, or the default made from peer_ip). */
  sync_target: z.string(),
  sync: HotStandbySyncLocal,
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
  /** Pushes a configuration snapshot to the peer now (master only); the result as recorded. */
  sync_now: defineCall({
    path: SystemServicePaths.hotStandby,
    method: 'sync_now',
    input: z.object({}),
    output: HotStandbySyncLocal,
  }),
  /** This side's sync state and the peer's, asked over the authenticated channel (peer null: why in peer_error). */
  sync_state: defineCall({
    path: SystemServicePaths.hotStandby,
    method: 'sync_state',
    input: z.object({}),
    output: z.object({
      local: HotStandbySyncLocal,
      peer: HotStandbySyncPeer.nullable(),
      peer_error: z.string(),
    }),
  }),
  /** Not applied (IGS_APPLY off): only the note; else what the swapped settings wrote. */
  switchover: defineCall({
    path: SystemServicePaths.hotStandby,
    method: 'switchover',
    input: z.object({}),
    output: z.union([HotStandbyWrite, z.object({ applied: z.literal(false), note: z.string() })]),
  }),
};
