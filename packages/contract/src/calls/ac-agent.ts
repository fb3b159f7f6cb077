import { z } from 'zod';
import { defineCall } from './define.ts';

/**
 * The AP agent's calls (DOMAIN 2.4): the agent on each AP polls the gateway and answers the
 * commands it was handed. Device traffic, authenticated by the MAC and the gateway's shared
 * AC_AGENT_KEY, not by a session.
 */

const AC_AGENT = '/api/ac/agent';
const MAC = /^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/;
/** No control characters (a hostname or SSID is shown as text). */
const PRINTABLE = /^[^\p{Cc}]*$/u;

/** The most stations one report may carry: far above what one radio serves. */
export const MAX_STATIONS = 512;
/** A station associated for longer than this (10 years) is a broken counter, not a guest. */
const MAX_CONNECTED_S = 10 * 365 * 86_400;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(PRINTABLE, 'must not contain control characters')
    .nullish()
    .transform((v) => (v ? v : null));

/** A MAC as `00:11:22:33:44:55` or with dashes, answered lower case with colons. */
const Mac = z
  .string()
  .trim()
  .regex(MAC, 'mac must look like 00:11:22:33:44:55')
  .transform((v) => v.toLowerCase().replaceAll('-', ':'));

/** One station (client) associated with the AP, as its poll reports it. */
export const Station = z.object({
  mac: Mac,
  ip: z
    .union([z.ipv4(), z.ipv6(), z.literal('')])
    .nullish()
    .transform((v) => (v ? v : null)),
  hostname: optionalText(253),
  ssid: z
    .string()
    .min(1)
    .regex(PRINTABLE, 'must not contain control characters')
    // 802.11: an SSID is at most 32 octets, however many characters that is.
    .refine((v) => new TextEncoder().encode(v).length <= 32, 'ssid is at most 32 bytes'),
  band: z.enum(['2g', '5g'], { error: 'band must be 2g (2.4 GHz) or 5g (5 GHz)' }),
  /** Signal strength in dBm. */
  rssi: z.number().int().min(-120).max(0),
  /** Seconds the station has been associated (hostapd's connected_time): no clock to trust. */
  connected_s: z.number().int().min(0).max(MAX_CONNECTED_S),
  // The AP's counters, as hostapd keeps them: rx is what it received from the station (the
  // station's upload), tx what it sent to it (the station's download).
  rx_bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().default(0),
  tx_bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().default(0),
});
export type Station = z.output<typeof Station>;

export const Stations = z.array(Station).max(MAX_STATIONS);

/** Who calls: the AP's MAC and the gateway's shared agent key. */
const credentials = { mac: Mac, key: z.string().max(256) };

export const AgentCommand = z.object({
  task_id: z.number(),
  /** The device task's name: reboot, upgrade … */
  name: z.string(),
  /** The task's arguments as stored (JSON), `{}` when they do not parse. */
  args: z.unknown(),
});
export type AgentCommand = z.infer<typeof AgentCommand>;

export const acAgentCalls = {
  /** Marks the AP online (and its clients, `stations`) and hands out its pending commands, each once. */
  poll: defineCall({
    path: `${AC_AGENT}/poll`,
    input: z.object({
      ...credentials,
      model: z.string().trim().max(255).optional(),
      os: z.string().trim().max(255).optional(),
      clients: z.coerce.number().int().min(0).max(100000).optional(),
      stations: Stations.optional(),
    }),
    output: z.object({
      /** How often to poll, in seconds. */
      poll_s: z.number(),
      server_time: z.string(),
      commands: z.array(AgentCommand),
    }),
  }),
  /** Settles a handed-out command as done or failed; an upgrade's success names the firmware now run. */
  ack: defineCall({
    path: `${AC_AGENT}/ack`,
    input: z.object({
      ...credentials,
      task_id: z.coerce.number().int().positive(),
      ok: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1),
      output: z.string().max(1000).optional().default(''),
      /** The firmware the AP runs after a successful upgrade. */
      version: z
        .string()
        .trim()
        .max(64)
        .regex(/^[^\p{Cc}]*$/u, 'version must not contain control characters')
        .optional()
        .default(''),
    }),
    output: z.object({ task_id: z.number(), state: z.enum(['done', 'failed']) }),
  }),
};
