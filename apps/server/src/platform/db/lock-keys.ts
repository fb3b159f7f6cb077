/**
 * Every PostgreSQL advisory lock key this server takes, in one place, so that two kinds of work can
 * never share a key by accident (`test/unit/lock-keys.test.ts` checks they differ and that no other
 * file passes a lock function a number of its own). The same on every instance: that is what makes
 * them locks across a fleet. PostgreSQL keeps one-key (bigint) and two-key (int, int) locks apart.
 */
export const LOCK_KEYS = {
  /** platform/db/database.ts: migrations and the resource tables' sync, one instance at a time
   * (a session lock on a connection of its own; "IGS" and the issue number, as digits). */
  schema: 7_347_301_017,
  /** features/authority/admin-rules.ts: changes that may leave no administrator never interleave. */
  adminRules: 804_215,
  /** features/terminal-api/presence.ts: terminals that stopped heartbeating go offline (leader.ts). */
  terminalOffline: 0x7e_0f_f1_01,
  /** features/home/site-figures.ts: the operations home's per-site figures are refreshed (leader.ts). */
  homeFigures: 0x7e_0f_f1_02,
  /** platform/files/prune.ts: expired exports and abandoned uploads leave the file store (a session
   * lock on a connection of its own for the whole pass). */
  filePrune: 0x7e_0f_f1_03,
} as const;

/**
 * The first key of the two-key locks (class, id): features/cwmp/sessions.ts holds
 * (`cwmpDevice`, device id) while it claims or settles a device's tasks. "CWMP" in ASCII.
 */
export const LOCK_CLASSES = {
  cwmpDevice: 0x43_57_4d_50,
} as const;
