import { z } from 'zod';
import { defineCall } from './define.ts';

/**
 * The terminal-facing API (DOMAIN section 2, "Terminal-facing API"): set-top boxes, TVs and pads
 * call `/api/terminal/<call>` with a JSON body; the path names the call. `register` needs nothing;
 * every other call needs the terminal's token as `Authorization: Bearer <token>`.
 */

const TERMINAL_API = '/api/terminal';

// --- input pieces: every text bounded and free of control characters --------------------------

const PRINTABLE = /^[^\p{Cc}]*$/u;

export const terminalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}: at most ${max} characters`)
    .regex(PRINTABLE, `${label} must not contain control characters`);

/** A MAC in the stored form (lower case, colons), or null when it is not a unicast, non-zero one. */
export function normaliseMac(raw: string): string | null {
  const v = raw.trim().toLowerCase();
  let hex: string;
  if (/^[0-9a-f]{2}([:-][0-9a-f]{2}){5}$/.test(v)) hex = v.replace(/[:-]/g, '');
  else if (/^[0-9a-f]{12}$/.test(v)) hex = v;
  else return null;
  if (/^0{12}$/.test(hex)) return null;
  // The low bit of the first octet marks a group (multicast/broadcast) address: never a device.
  if (Number.parseInt(hex.slice(0, 2), 16) & 1) return null;
  return hex.match(/../g)!.join(':');
}

export const TerminalMac = z
  .string({ error: 'mac is required' })
  .max(17, 'mac must be a MAC address such as 00:11:22:aa:bb:cc')
  .transform((v, ctx) => {
    const mac = normaliseMac(v);
    if (!mac) {
      ctx.addIssue({
        code: 'custom',
        message: 'mac must be the unicast MAC address of the device, such as 00:11:22:aa:bb:cc',
      });
      return z.NEVER;
    }
    return mac;
  });

/** An Android package name (as app_command's open_app). */
export const AndroidPackageName = z
  .string()
  .trim()
  .max(128)
  .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/, 'package_name must be an Android package name');

const DT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

// --- the calls ------------------------------------------------------------------------------------

export const TerminalRegisterInput = z.object({
  mac: TerminalMac,
  model: terminalText(64, 'model').optional().default(''),
  firmware: terminalText(64, 'firmware').optional().default(''),
  app_version: terminalText(32, 'app_version').optional().default(''),
  sn: terminalText(64, 'sn').optional().default(''),
  language: z.enum(['zh', 'en'], { error: 'language must be zh or en' }).optional(),
  site_id: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
  register_key: terminalText(64, 'register_key').optional().default(''),
});

/** Pending until an operator authorises the terminal; then its token. A new key comes once. */
export const TerminalRegistration = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('pending'),
    terminal_id: z.number(),
    register_key: z.string().optional(),
    /** Call register again after this many seconds. */
    retry_s: z.number(),
  }),
  z.object({
    state: z.literal('authorized'),
    terminal_id: z.number(),
    register_key: z.string().optional(),
    token: z.string(),
    heartbeat_s: z.number(),
  }),
]);
export type TerminalRegistration = z.infer<typeof TerminalRegistration>;

export const TerminalHeartbeatInput = z.object({
  model: terminalText(64, 'model').optional().default(''),
  firmware: terminalText(64, 'firmware').optional().default(''),
  app_version: terminalText(32, 'app_version').optional().default(''),
  replies_since: z.string().trim().regex(DT, 'replies_since must be YYYY-MM-DD HH:mm:ss').optional(),
});

export const TerminalHeartbeat = z.object({
  state: z.string(),
  server_time: z.string(),
  heartbeat_s: z.number(),
  /** Its queued commands, now marked sent. */
  commands: z.array(z.object({ id: z.number(), type: z.string(), args: z.record(z.string(), z.unknown()) })),
  /** Replies to its messages (smart/MessageBoard) since `replies_since`. */
  replies: z.array(
    z.object({
      message_id: z.number(),
      category: z.string(),
      content: z.string(),
      reply: z.string(),
      replied_at: z.string(),
    }),
  ),
  /** The cursor for the next heartbeat. */
  replies_since: z.string(),
});
export type TerminalHeartbeat = z.infer<typeof TerminalHeartbeat>;

const Result = z
  .union([z.boolean(), z.enum(['ok', 'fail', 'success', 'failed'])], {
    error: 'result must be ok or fail',
  })
  .transform((v) => v === true || v === 'ok' || v === 'success');

/** Either a command's answer (command_id) or an upgrade's outcome (release_id). */
export const TerminalAckInput = z
  .object({
    command_id: z.coerce.number().int().positive().optional(),
    release_id: z.coerce.number().int().positive().optional(),
    result: Result,
    detail: terminalText(1000, 'detail').optional().default(''),
  })
  .refine((v) => (v.command_id ? 1 : 0) + (v.release_id ? 1 : 0) === 1, {
    message: 'Give either command_id or release_id',
    path: ['command_id'],
  });

export const TerminalAck = z.union([
  z.object({ release_id: z.number(), recorded: z.literal(true) }),
  /** settled false: the command was already settled (a repeated ack), `state` is its state. */
  z.object({ command_id: z.number(), state: z.string(), settled: z.boolean() }),
]);

export const TerminalUpgradeInput = z.object({
  package_name: AndroidPackageName,
  version_code: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});

export const TerminalRelease = z.object({
  id: z.number(),
  package_name: z.string(),
  version_name: z.string(),
  version_code: z.number(),
  /** Null when the release's file is gone: shown, not offered. */
  url: z.string().nullable(),
  size: z.number(),
  md5: z.string(),
  sha256: z.string(),
  force: z.union([z.literal(0), z.literal(1)]),
  notes: z.string(),
});

/** A time as `YYYY-MM-DD HH:mm:ss`, or epoch seconds / milliseconds; answered as epoch ms. */
const PlayTime = z.union([z.string().trim().max(32), z.number().finite().nonnegative()]);

/** The most play reports one call may carry. */
export const MAX_PLAY_BATCH = 200;

const PlayReport = z.preprocess(
  // The brief form {content…, started_at, duration} is accepted beside DOMAIN's field names.
  (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const o = { ...(v as Record<string, unknown>) };
    if (o.start_at === undefined && o.started_at !== undefined) o.start_at = o.started_at;
    if (o.duration_s === undefined && o.duration !== undefined) o.duration_s = o.duration;
    delete o.started_at;
    delete o.duration;
    return o;
  },
  z.object({
    content_type: z.enum(['live', 'vod', 'ad', 'music', 'self_media'], {
      error: 'content_type must be one of: live, vod, ad, music, self_media',
    }),
    content_id: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
    content_name: terminalText(200, 'content_name').optional().default(''),
    start_at: PlayTime,
    end_at: PlayTime.optional(),
    duration_s: z.coerce.number().int().min(0).max(86_400, 'duration_s: at most one day (86400)').optional(),
  }),
);
type PlayReportIn = {
  content_type: 'live' | 'vod' | 'ad' | 'music' | 'self_media';
  content_id?: number | string;
  content_name?: string;
  end_at?: string | number;
} & ({ start_at: string | number } | { started_at: string | number }) &
  ({ duration_s?: number | string } | { duration?: number | string });

/**
 * The body of `play`: a batch `{records: [...]}`, or a single report read as a batch of one (errors
 * name records.0.…). The server checks it with this schema in its handler: a call's input is an
 * object, which `play`'s input only sketches.
 */
export const TerminalPlayInput = z.preprocess(
  (v) => (v && typeof v === 'object' && !Array.isArray(v) && !('records' in v) ? { records: [v] } : v),
  z.object({
    records: z
      .array(PlayReport, { error: 'records must be a list of play reports' })
      .min(1, 'records is empty')
      .max(MAX_PLAY_BATCH, `records: at most ${MAX_PLAY_BATCH} at a time`),
  }),
);
export type TerminalPlayBody = { records: PlayReportIn[] } | PlayReportIn;

/** An approved ad material, with a link the terminal downloads. */
export const AdMaterial = z.object({
  id: z.number(),
  name: z.string(),
  /** The material's kind, else video or image by the file's type. */
  kind: z.string(),
  url: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  duration_s: z.number().nullable(),
  size: z.number().nullable(),
  sha256: z.string(),
});

const adSchedule = { id: z.number(), priority: z.number(), start_at: z.string(), end_at: z.string() };

/** The ads active now for the terminal, highest priority first (DOMAIN 2.7). */
export const TerminalAds = z.object({
  boot: z.array(
    z.object({
      ...adSchedule,
      name: z.string(),
      show_s: z.number(),
      skip_after_s: z.number(),
      material: AdMaterial,
    }),
  ),
  homepage: z.array(
    z.object({
      ...adSchedule,
      name: z.string(),
      position: z.string(),
      items: z.array(
        z.object({
          material: AdMaterial,
          duration_s: z.number(),
          link_type: z.string(),
          link_target: z.string(),
        }),
      ),
    }),
  ),
  live: z.array(
    z.object({
      ...adSchedule,
      name: z.string(),
      kind: z.string(),
      corner: z.string(),
      size_pct: z.number(),
      show_s: z.number(),
      interval_min: z.number(),
      program_ids: z.array(z.number()),
      category_ids: z.array(z.number()),
      material: AdMaterial,
    }),
  ),
  text: z.array(
    z.object({
      ...adSchedule,
      content: z.string(),
      position: z.string(),
      font_size: z.number(),
      color: z.string(),
      bg_color: z.string(),
      bg_opacity: z.number(),
      speed: z.string(),
      repeat: z.number(),
    }),
  ),
  generated_at: z.string(),
});
export type TerminalAds = z.infer<typeof TerminalAds>;

/** An app menu item as the launcher shows it (DOMAIN AppMenu); a link or null for each icon. */
const launcherItem = {
  id: z.number(),
  name: z.string(),
  type: z.string(),
  target: z.string(),
  icon: z.string().nullable(),
  focus_icon: z.string().nullable(),
  style: z.string(),
  sort: z.number(),
};
export interface LauncherMenuItem {
  id: number;
  name: string;
  type: string;
  target: string;
  icon: string | null;
  focus_icon: string | null;
  style: string;
  sort: number;
  children: LauncherMenuItem[];
}
export const LauncherMenuItem: z.ZodType<LauncherMenuItem> = z.lazy(() =>
  z.object({ ...launcherItem, children: z.array(LauncherMenuItem) }),
);

export const LauncherScene = z.object({
  id: z.number(),
  name: z.string(),
  industry: z.string(),
  /** The scene of the terminal's area, else the site's default. */
  source: z.enum(['area', 'default']),
  welcome_title: z.string(),
  welcome_text: z.string(),
  background: z.string().nullable(),
  bgm: z.string().nullable(),
  logo: z.string().nullable(),
  show_clock: z.union([z.literal(0), z.literal(1)]),
  show_weather: z.union([z.literal(0), z.literal(1)]),
  carousel: z.array(z.object({ file: z.string(), duration_s: z.number().nullable(), title: z.string() })),
});
export type LauncherScene = z.infer<typeof LauncherScene>;

export const LauncherTemplate = z.object({
  id: z.number(),
  name: z.string(),
  layout: z.string(),
  orientation: z.string(),
  background: z.string().nullable(),
  tiles: z.array(z.object({ slot: z.number(), app: z.object(launcherItem) })),
});
export type LauncherTemplate = z.infer<typeof LauncherTemplate>;

/** The terminal's launcher: its scene, template tiles, app menu, holiday theme and welcome texts. */
export const TerminalManifest = z.object({
  terminal: z.object({
    id: z.number(),
    name: z.string(),
    mac: z.string(),
    language: z.string(),
    area: z.object({ id: z.number(), name: z.string(), code: z.string(), bed_no: z.string() }).nullable(),
  }),
  guest: z.object({ name: z.string(), occupied: z.boolean() }),
  scene: LauncherScene.nullable(),
  template: LauncherTemplate.nullable(),
  menu: z.array(LauncherMenuItem),
  theme: z
    .object({
      id: z.number(),
      name: z.string(),
      festival: z.string(),
      start_date: z.string(),
      end_date: z.string(),
      background: z.string().nullable(),
      overlay: z.string().nullable(),
      bgm: z.string().nullable(),
      greeting: z.string(),
      priority: z.number(),
    })
    .nullable(),
  info: z.object({
    wifi_ssid: z.string(),
    wifi_password: z.string(),
    wifi_qr_text: z.string(),
    front_desk_phone: z.string(),
    checkout_time: z.string(),
    service_qr_url: z.string(),
    notice: z.string(),
  }),
  generated_at: z.string(),
});
export type TerminalManifest = z.infer<typeof TerminalManifest>;

export const terminalApiCalls = {
  register: defineCall({
    path: `${TERMINAL_API}/register`,
    input: TerminalRegisterInput,
    output: TerminalRegistration,
  }),
  heartbeat: defineCall({
    path: `${TERMINAL_API}/heartbeat`,
    input: TerminalHeartbeatInput,
    output: TerminalHeartbeat,
  }),
  ack: defineCall({ path: `${TERMINAL_API}/ack`, input: TerminalAckInput, output: TerminalAck }),
  /** The newest published release of a package for its model and area; `update` when newer. */
  upgrade: defineCall({
    path: `${TERMINAL_API}/upgrade`,
    input: TerminalUpgradeInput,
    output: z.object({ update: z.boolean(), release: TerminalRelease.nullable() }),
  }),
  manifest: defineCall({
    path: `${TERMINAL_API}/manifest`,
    input: z.object({}).loose(),
    output: TerminalManifest,
  }),
  /** The boot, homepage, live and text ads active now for the terminal. */
  ads: defineCall({ path: `${TERMINAL_API}/ads`, input: z.object({}).loose(), output: TerminalAds }),
  /** Stores play reports as PlayRecords; a report already stored is counted a duplicate. */
  play: defineCall({
    path: `${TERMINAL_API}/play`,
    input: z.object({}).loose() as unknown as z.ZodType<TerminalPlayBody, TerminalPlayBody>,
    output: z.object({ stored: z.number(), duplicates: z.number() }),
  }),
};
