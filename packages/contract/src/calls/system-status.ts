import { z } from 'zod';
import { defineCall } from './define.ts';

/** system/OperationStatus (`system/running`): the host's live state, read on each call; nothing is stored. */

const MemoryUse = z.object({
  total: z.number(),
  used: z.number(),
  free: z.number(),
  used_pct: z.number(),
  available: z.number().optional(),
  buffers: z.number().optional(),
  cached: z.number().optional(),
});
export type MemoryUse = z.infer<typeof MemoryUse>;

export const NetInterface = z.object({
  iface: z.string(),
  rx_bytes: z.number(),
  rx_packets: z.number(),
  rx_errors: z.number(),
  rx_dropped: z.number(),
  tx_bytes: z.number(),
  tx_packets: z.number(),
  tx_errors: z.number(),
  tx_dropped: z.number(),
  /** Bytes per second over the sampling interval; null for an interface that just appeared. */
  rx_rate: z.number().nullable(),
  tx_rate: z.number().nullable(),
});
export type NetInterface = z.infer<typeof NetInterface>;

export const RunningStatus = z.object({
  generated_at: z.number(),
  host: z.object({
    hostname: z.string(),
    os: z.object({ id: z.string(), name: z.string(), pretty_name: z.string(), version_id: z.string() }),
    kernel: z.string(),
    kernel_build: z.string(),
    arch: z.string(),
    uptime_s: z.number(),
    boot_time: z.number(),
  }),
  cpu: z.object({
    model: z.string(),
    cores: z.number(),
    physical_cores: z.number().nullable(),
    mhz: z.number().nullable(),
    /** The 1, 5 and 15 minute load averages. */
    load: z.array(z.number()),
    /** Use since the previous reading; null until there are two. */
    usage_pct: z.number().nullable(),
    per_core: z.array(z.number().nullable()),
    interval_ms: z.number(),
  }),
  memory: MemoryUse,
  swap: MemoryUse,
  disks: z.array(
    z.object({
      device: z.string(),
      mountpoint: z.string(),
      fstype: z.string(),
      total: z.number(),
      used: z.number(),
      avail: z.number(),
      /** As df computes it: used / (used + available to users). */
      used_pct: z.number(),
    }),
  ),
  network: z.object({ interfaces: z.array(NetInterface), interval_ms: z.number() }),
  temperatures: z.array(
    z.object({
      source: z.enum(['thermal', 'hwmon']),
      name: z.string(),
      label: z.string(),
      celsius: z.number(),
    }),
  ),
  versions: z.array(
    z.object({
      key: z.string(),
      installed: z.boolean(),
      /** Null when not installed, or when the program printed no version we could read. */
      version: z.string().nullable(),
      /** The binary's path, or why it could not be asked. */
      detail: z.string(),
    }),
  ),
  services: z.array(
    z.object({ key: z.string(), running: z.boolean(), pids: z.array(z.number()), rss_bytes: z.number() }),
  ),
});
export type RunningStatus = z.infer<typeof RunningStatus>;

export const statusCalls = {
  running: defineCall({ path: '/admin.php/system/running', input: z.object({}), output: RunningStatus }),
};
