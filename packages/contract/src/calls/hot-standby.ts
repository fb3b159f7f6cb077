import { z } from 'zod';
import { SystemServicePaths } from '../extras/system-services.ts';
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

export const hotStandbyCalls = {
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
