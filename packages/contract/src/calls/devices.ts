import { z } from 'zod';
import { type ResourceDef, resourceByName } from '../resources/index.ts';
import { defineCall, paging } from './define.ts';

/**
 * Reads of a managed device beside the generic record calls, each under its page's menu item:
 * `history` on tr069/device and ac/ap (what was queued for the device and how it ended), a CPE's
 * reported parameters (`status` on tr069/device) and an AP's associated stations (`status` on ac/ap).
 */

const cpe = resourceByName('tr069:device') as ResourceDef;
const ap = resourceByName('ac:ap') as ResourceDef;
const id = z.coerce.number({ error: 'id is required' }).int().positive();

/** A task's arguments as an operator reads them; a secret's value is never repeated. */
export const TaskDetail = z.object({
  /** Parameter paths (refresh). */
  paths: z.array(z.string()).optional(),
  /** [path, value] pairs (set); a secret's value is null. */
  values: z.array(z.tuple([z.string(), z.string().nullable()])).optional(),
  file: z.string().optional(),
  version: z.string().optional(),
  seconds: z.number().optional(),
  /** The RPCs a CPE answered to GetRPCMethods. */
  methods: z.array(z.string()).optional(),
  /** A transfer's URL as the CPE reported it (an autonomous transfer); never a download token. */
  url: z.string().optional(),
  /** The file served for a Download: bytes sent and how it ended (sent, interrupted, file missing). */
  transfer: z.object({ bytes: z.number(), result: z.string(), at: z.string() }).optional(),
  /** The connection request that woke the device for this task: sent or why not. */
  wake: z
    .object({ sent: z.boolean(), http_status: z.number().optional(), reason: z.string().optional() })
    .optional(),
});
export type TaskDetail = z.infer<typeof TaskDetail>;

/** One queued task of a device, newest first. */
export const DeviceTask = z.object({
  id: z.number(),
  name: z.string(),
  detail: TaskDetail,
  /** pending, sent, done, failed, cancelled … */
  state: z.string(),
  fault_code: z.string(),
  fault_string: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  /** When a staggered task may start; '' when at once. */
  not_before: z.string(),
  done_at: z.string(),
});
export type DeviceTask = z.infer<typeof DeviceTask>;

export const DeviceTaskHistory = z.object({
  list: z.array(DeviceTask),
  /** Every task of the device, by state too. */
  total: z.number(),
  by_state: z.record(z.string(), z.number()),
});
export type DeviceTaskHistory = z.infer<typeof DeviceTaskHistory>;

const HistoryInput = z.object({ id, limit: z.coerce.number().int().min(1).max(100).optional().default(20) });

/** A reported parameter of a CPE; a secret's value is null. */
export const CpeParameter = z.object({
  path: z.string(),
  value: z.string().nullable(),
  secret: z.boolean(),
  type: z.string(),
  updated_at: z.string(),
});
export type CpeParameter = z.infer<typeof CpeParameter>;

export const CpeParameters = z.object({
  list: z.array(CpeParameter),
  total: z.number(),
  /** The latest report's time, '' before any. */
  reported_at: z.string(),
});
export type CpeParameters = z.infer<typeof CpeParameters>;

/** A station associated with an AP, as its agent last reported it. */
export const ApClient = z.object({
  mac: z.string(),
  ip: z.string(),
  hostname: z.string(),
  ssid: z.string(),
  band: z.string(),
  rssi: z.number(),
  connected_since: z.string(),
  /** What the AP received from the station (its upload). */
  rx_bytes: z.number(),
  /** What the AP sent to the station (its download). */
  tx_bytes: z.number(),
});
export type ApClient = z.infer<typeof ApClient>;

export const ApClients = z.object({
  list: z.array(ApClient),
  total: z.number(),
  /** The AP's own count: above the list's length when its agent reports a count only. */
  clients: z.number(),
  online: z.number(),
  reported_at: z.string(),
});
export type ApClients = z.infer<typeof ApClients>;

export const deviceCalls = {
  /** A CPE's queued CWMP tasks with their state and fault. */
  cpeHistory: defineCall({
    path: cpe.endpoint,
    method: 'history',
    input: HistoryInput,
    output: DeviceTaskHistory,
  }),
  /** An AP's queued agent commands with their state and the agent's answer. */
  apHistory: defineCall({
    path: ap.endpoint,
    method: 'history',
    input: HistoryInput,
    output: DeviceTaskHistory,
  }),
  /** A CPE's reported parameters by path (the keyword matched literally). */
  cpeParameters: defineCall({
    path: cpe.endpoint,
    method: 'status',
    input: z.object({ id, keyword: z.string().trim().max(200).optional().default(''), ...paging }),
    output: CpeParameters,
  }),
  /** An AP's associated stations, longest connected first. */
  apClients: defineCall({ path: ap.endpoint, method: 'status', input: z.object({ id }), output: ApClients }),
};
