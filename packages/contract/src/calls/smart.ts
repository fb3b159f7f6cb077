import { z } from 'zod';
import {
  FORM_LINKAGE_TYPES,
  type LinkageNode,
  TERMINAL_COMMAND_STATES,
  TERMINAL_COMMANDS,
} from '../extras/options.ts';
import { scenarioOther } from '../extras/singletons.ts';
import { defineCall, paging } from './define.ts';

/**
 * The smart-display extras (DOMAIN 2.8): terminal statistics, the scenario other settings, the app
 * menu option lists, terminal commands, the cascading options and the app menu icon picker. Most
 * exist twice, `/admin.php/<area>/<name>` (full mode) and `/operations/<area>/<name>`: each mode
 * has its own calls, the same schemas.
 */

const OPS = (fullPath: string) => fullPath.replace(/^\/admin\.php\//, '/operations/');

// --- smart/TerminalStatistics (`smart/terminal_stat`) ---------------------------------------------

const TERMINAL_STAT = '/admin.php/smart/terminal_stat';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whole days `YYYY-MM-DD`; absent: the 7 days up to today. */
export const StatsRange = z.object({
  from: z.string().trim().regex(DATE, 'from must be YYYY-MM-DD').optional(),
  to: z.string().trim().regex(DATE, 'to must be YYYY-MM-DD').optional(),
});

const statusCounts = { total: z.number(), online: z.number(), offline: z.number(), pending: z.number() };
const StatusRow = z.object({ key: z.string(), ...statusCounts });
const PlayRow = z.object({ name: z.string(), plays: z.number(), hours: z.number() });

/** Reply of `stats` (DOMAIN 2.8 smart/TerminalStatistics). */
export const TerminalStats = z.object({
  range: z.object({ from: z.string(), to: z.string() }),
  /** Online means a heartbeat within this many seconds (DOMAIN: 90 s). */
  online_window_s: z.number(),
  summary: z.object({
    ...statusCounts,
    authorized: z.number(),
    rejected: z.number(),
    disabled: z.number(),
  }),
  by_area: z.array(StatusRow),
  by_model: z.array(StatusRow),
  by_app_version: z.array(StatusRow),
  /** One row per day of the range, zeros included. */
  daily: z.array(
    z.object({ date: z.string(), plays: z.number(), hours: z.number(), active_terminals: z.number() }),
  ),
  by_content_type: z.array(z.object({ key: z.string(), plays: z.number(), hours: z.number() })),
  top_channels: z.array(PlayRow),
  top_films: z.array(PlayRow),
  totals: z.object({ plays: z.number(), hours: z.number() }),
});
export type TerminalStats = z.infer<typeof TerminalStats>;

export const terminalStatCalls = {
  stats: defineCall({ path: TERMINAL_STAT, method: 'stats', input: StatsRange, output: TerminalStats }),
  /** The same statistics as CSV behind a single-use download URL. */
  export: defineCall({
    path: TERMINAL_STAT,
    method: 'export',
    input: StatsRange,
    output: z.object({ url: z.string(), expires_at: z.string() }),
  }),
};

// --- `index/scenario_other` -----------------------------------------------------------------------

const SceneId = z.coerce.number().int().min(0).optional().default(0);

/** A site's or a scene's scenario other settings as `detail` answers them. */
export const SceneOtherDetail = z.object({
  wifi_ssid: z.string(),
  wifi_password: z.string(),
  front_desk_phone: z.string(),
  checkout_time: z.string(),
  service_qr_url: z.string(),
  notice: z.string(),
  /** Which secret fields are stored (the settings have none). */
  secret_set: z.record(z.string(), z.boolean()),
  scene_id: z.number(),
  /** The scene has no values of its own: these are the site's. */
  inherited: z.boolean(),
  /** The Wi-Fi QR payload (`WIFI:T:WPA;S:…;P:…;;`), empty without an SSID. */
  wifi_qr_text: z.string(),
});
export type SceneOtherDetail = z.infer<typeof SceneOtherDetail>;

function sceneOtherCallsAt(path: string) {
  return {
    detail: defineCall({
      path,
      method: 'detail',
      input: z.object({ scene_id: SceneId }),
      output: SceneOtherDetail,
    }),
    /** The settings' fields beside these; `inherit: 1` drops a scene's own values instead. */
    form: defineCall({
      path,
      method: 'form',
      input: z
        .object({
          scene_id: SceneId,
          inherit: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional(),
        })
        .loose(),
      output: z.object({}),
    }),
  };
}
export const sceneOtherCalls = sceneOtherCallsAt(scenarioOther.endpoint);
export const sceneOtherOpsCalls = sceneOtherCallsAt(scenarioOther.opsEndpoint!);

// --- `index/app_type`, `index/app_language`, `index/app_style` ------------------------------------

export const AppOption = z.object({ value: z.string(), label: z.string() });
export type AppOption = z.infer<typeof AppOption>;
export const AppOptionRow = z.object({
  value: z.string(),
  /** In the caller's language. */
  label: z.string(),
  en: z.string(),
  zh_CN: z.string(),
});
export type AppOptionRow = z.infer<typeof AppOptionRow>;

function appOptionCallsAt(path: string) {
  return {
    /** [{value, label}] for selects. */
    options: defineCall({ path, method: 'options', input: z.object({}).loose(), output: z.array(AppOption) }),
    list: defineCall({
      path,
      method: 'list',
      input: z.object({}).loose(),
      output: z.object({ list: z.array(AppOptionRow), total: z.number() }),
    }),
  };
}
export const appTypeCalls = appOptionCallsAt('/admin.php/index/app_type');
export const appTypeOpsCalls = appOptionCallsAt('/operations/index/app_type');
export const appLanguageCalls = appOptionCallsAt('/admin.php/index/app_language');
export const appLanguageOpsCalls = appOptionCallsAt('/operations/index/app_language');
export const appStyleCalls = appOptionCallsAt('/admin.php/index/app_style');
export const appStyleOpsCalls = appOptionCallsAt('/operations/index/app_style');

// --- `index/app_command` --------------------------------------------------------------------------

const APP_COMMAND = '/admin.php/index/app_command';

export const TerminalCommandType = z.enum(TERMINAL_COMMANDS);
export const TerminalCommandState = z.enum(TERMINAL_COMMAND_STATES);

export const TerminalCommandRow = z.object({
  id: z.number(),
  site_id: z.number(),
  terminal_id: z.number(),
  /** The terminal's name, else its MAC, else `#id`. */
  terminal: z.string(),
  type: TerminalCommandType,
  args: z.record(z.string(), z.unknown()),
  state: TerminalCommandState,
  /** The terminal's answer; empty until it acks. */
  result: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  /** Empty until a heartbeat takes it. */
  sent_at: z.string(),
  /** Empty until the terminal answers. */
  acked_at: z.string(),
});
export type TerminalCommandRow = z.infer<typeof TerminalCommandRow>;

function appCommandCallsAt(path: string) {
  return {
    /** Queues a command for authorised terminals; each type's `args` are checked by the server. */
    send: defineCall({
      path,
      method: 'send',
      input: z.object({
        ids: z
          .array(z.coerce.number().int().positive(), { error: 'ids is required' })
          .min(1, 'ids is required')
          .max(500, 'ids: at most 500 at a time'),
        type: z.enum(TERMINAL_COMMANDS, { error: `type must be one of: ${TERMINAL_COMMANDS.join(', ')}` }),
        args: z.record(z.string(), z.unknown()).optional().default({}),
      }),
      output: z.object({ queued: z.number(), command_ids: z.array(z.number()) }),
    }),
    /** Newest first. */
    list: defineCall({
      path,
      method: 'list',
      input: z.object({
        ...paging,
        filter: z
          .object({
            terminal_id: z.coerce.number().int().positive().optional(),
            type: z.enum(TERMINAL_COMMANDS).optional(),
            state: z.enum(TERMINAL_COMMAND_STATES).optional(),
          })
          .optional()
          .default({}),
      }),
      output: z.object({ total: z.number(), list: z.array(TerminalCommandRow) }),
    }),
  };
}
export const appCommandCalls = appCommandCallsAt(APP_COMMAND);
export const appCommandOpsCalls = appCommandCallsAt(OPS(APP_COMMAND));

// --- `index/form_linkage` -------------------------------------------------------------------------

/** A record of a tree-shaped table for cascaders; `children` only where it has some. */
export const LinkageNodeSchema: z.ZodType<LinkageNode> = z.lazy(() =>
  z.object({ value: z.number(), label: z.string(), children: z.array(LinkageNodeSchema).optional() }),
);

function formLinkageCallAt(path: string) {
  return defineCall({
    path,
    input: z.object({
      type: z.enum(FORM_LINKAGE_TYPES, { error: `type must be one of: ${FORM_LINKAGE_TYPES.join(', ')}` }),
    }),
    output: z.array(LinkageNodeSchema),
  });
}
/** Cascading options (areas, film classes, app menus) as a tree; the path alone picks the call. */
export const formLinkageCalls = {
  full: formLinkageCallAt('/admin.php/index/form_linkage'),
  operations: formLinkageCallAt('/operations/index/form_linkage'),
};

// --- `/operations/index/app_resource` -------------------------------------------------------------

export const AppResourceImage = z.object({
  /** The upload id, what an icon field holds. */
  id: z.string(),
  name: z.string(),
  /** A signed URL for the preview. */
  url: z.string(),
  mime: z.string(),
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  created_at: z.string(),
});
export type AppResourceImage = z.infer<typeof AppResourceImage>;

export const appResourceCalls = {
  /** Images usable as app menu icons, of the caller's sites, newest first. */
  list: defineCall({
    path: '/operations/index/app_resource',
    method: 'list',
    input: z.object({
      page: paging.page,
      limit: z.coerce.number().int().min(1).max(200).optional().default(50),
      keyword: z.string().trim().max(100).optional().default(''),
    }),
    output: z.object({ list: z.array(AppResourceImage), total: z.number() }),
  }),
};
