import { z } from 'zod';
import { keyedIssue } from './server-texts/issue.ts';

/**
 * Request and response schemas of the shell calls (spec section 7). The server validates every
 * request with these; the OpenAPI document at /api-docs is generated from the same objects.
 * Form bodies carry strings, so numeric flags are coerced.
 */

const flag = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .transform((v) => Number(v) as 0 | 1);
const passwordHash = z
  .string({ error: keyedIssue('shell.passwordIsRequired') })
  .regex(/^[0-9a-f]{64}$/, keyedIssue('shell.passwordNotHashed'));

export const LoginInput = z.object({
  username: z
    .string({ error: keyedIssue('shell.usernameIsRequired') })
    .trim()
    .min(1, keyedIssue('shell.usernameIsRequired'))
    .max(64),
  password: passwordHash,
  code: z.string().trim().max(16).optional().default(''),
  is_operations: flag.optional().default(0),
});
export type LoginInput = z.input<typeof LoginInput>;
export const LoginOutput = z.object({ token: z.string(), weak_psw: z.union([z.literal(0), z.literal(1)]) });
export type LoginOutput = z.infer<typeof LoginOutput>;

export const RegisterInput = z.object({
  method: z.literal('offline', { error: keyedIssue('shell.methodOffline') }),
  username: z
    .string({ error: keyedIssue('usernameRequired') })
    .trim()
    .regex(/^[A-Za-z0-9_]{3,32}$/, keyedIssue('shell.usernameFormat')),
  password: passwordHash,
  auth_code: z.string().max(64).optional().default(''),
  phone: z
    .string({ error: keyedIssue('phoneRequired') })
    .trim()
    .regex(/^1\d{10}$/, keyedIssue('phoneRequired')),
});
export type RegisterInput = z.input<typeof RegisterInput>;

export const SettingsOutput = z.object({
  title: z.string(),
  /** The English title; the console shows it in English, `title` in Chinese (either when the other is empty). */
  title_en: z.string(),
  weak_psw: z.union([z.literal(0), z.literal(1)]),
  home_logo: z.string(),
  icon: z.string(),
});
export type SettingsOutput = z.infer<typeof SettingsOutput>;

export const CopyrightOutput = z.object({
  title: z.string(),
  title_en: z.string(),
  home_logo: z.string(),
  company_url: z.string(),
  company: z.string(),
  /** 1 when sign-in asks for a verification code (the sign-in page shows the field only then). */
  captcha: z.union([z.literal(0), z.literal(1)]),
});
export type CopyrightOutput = z.infer<typeof CopyrightOutput>;

export const OtherInfoOutput = z.object({
  service_call: z.string(),
  Copyright: z.string(),
  debug: z.union([z.literal(0), z.literal(1)]),
});
export type OtherInfoOutput = z.infer<typeof OtherInfoOutput>;

export const CredentialsOutput = z.object({
  detail: z.object({
    is_operations: z.union([z.literal(0), z.literal(1)]),
    c_id: z.number(),
    username: z.string(),
  }),
  lang: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type CredentialsOutput = z.infer<typeof CredentialsOutput>;

export const HintOutput = z.object({ tip: z.number().int().min(0), order: z.number().int().min(0) });
export type HintOutput = z.infer<typeof HintOutput>;

export const AccountOutput = z.object({ account: z.string() });

export const PersonalDetail = z.object({
  id: z.number(),
  username: z.string(),
  nickname: z.string(),
  photo: z.string(),
  sex: z.number(),
  cellphone: z.string(),
  company_name: z.string(),
  we_chat: z.string(),
  mtime: z.string(),
  loginip: z.string(),
});
export type PersonalDetail = z.infer<typeof PersonalDetail>;

export const PersonalDetailInput = z.object({ method: z.literal('detail') });
/** Profile form (multipart); the photo part is checked separately (JPG/PNG by content, 10 MB). */
export const PersonalFormInput = z.object({
  method: z.literal('form'),
  id: z.coerce.number().int().positive().optional(),
  nickname: z.string().trim().max(50, keyedIssue('shell.nicknameMax')).optional().default(''),
  cellphone: z
    .string()
    .trim()
    .refine((v) => v === '' || /^1\d{10}$/.test(v), keyedIssue('phoneRequired'))
    .optional()
    .default(''),
  sex: z.coerce.number().int().min(0).max(2).optional().default(0),
  company_name: z.string().trim().max(100).optional().default(''),
});
/** Ends every session of the account (this one too) and its developer key. */
export const SignOutEverywhereInput = z.object({ method: z.literal('sign_out_everywhere') });
export const ChangePasswordInput = z.object({
  method: z.literal('change_password'),
  password: z
    .string({ error: keyedIssue('originalPasswordRequired') })
    .regex(/^[0-9a-f]{64}$/, keyedIssue('originalPasswordRequired')),
  new_password: z
    .string({ error: keyedIssue('passwordRequired') })
    .min(1, keyedIssue('passwordRequired'))
    .max(128),
});
export type ChangePasswordInput = z.input<typeof ChangePasswordInput>;

/**
 * The button key that lets a role switch developer mode on (a key is a credential that works
 * without a session). It belongs to the Dashboard menu, which lists the developer-mode path for
 * it, so administrators hold it and any full-mode role can be granted it.
 */
export const DEVELOPER_MODE_BUTTON = 'system:developer_mode:enable';

export const DeveloperModeDetailInput = z.object({ method: z.literal('detail') });
export const DeveloperModeFormInput = z.object({ method: z.literal('form'), status: flag });
/**
 * `key` is the whole key only in the reply that made it (switching on); it is stored hashed and
 * never readable again. Afterwards `key` is empty and `key_hint` shows its last characters.
 * Times are `YYYY-MM-DD HH:mm:ss`, empty when off.
 */
export const DeveloperModeOutput = z.object({
  status: z.union([z.literal(0), z.literal(1)]),
  key: z.string(),
  key_hint: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  /** Whether the caller's role holds the button that switches developer mode on. */
  can_enable: z.union([z.literal(0), z.literal(1)]),
});
export type DeveloperModeOutput = z.infer<typeof DeveloperModeOutput>;

export const ChangeModeInput = z.object({ method: z.literal('changeMode'), is_operations: flag });
export const ChangeModeOutput = z.object({
  detail: z.object({ is_operations: z.union([z.literal(0), z.literal(1)]) }),
});

export const FestivalExportInput = z.object({ method: z.literal('export'), value: z.literal('all') });
export const UrlOutput = z.object({ url: z.string(), expires_at: z.string().optional() });

export const LoggingListInput = z.object({
  method: z.literal('list'),
  page: z.coerce.number().int().min(1).optional().default(1),
  limit: z.coerce.number().int().min(1).max(200).optional().default(20),
  sort: z.enum(['id', 'time']).optional().default('id'),
  order: z.enum(['asc', 'desc']).optional().default('desc'),
  keyword: z.string().trim().max(100).optional().default(''),
  filter: z
    .object({
      username: z.string().max(64).optional(),
      module: z.string().max(64).optional(),
      action: z.string().max(64).optional(),
      result: z.enum(['success', 'fail']).optional(),
      ip: z.string().max(64).optional(),
      time: z.tuple([z.string(), z.string()]).optional(),
    })
    .optional()
    .default({}),
});
export type LoggingListInput = z.input<typeof LoggingListInput>;

export const LogEntry = z.object({
  id: z.number(),
  time: z.string(),
  username: z.string(),
  ip: z.string(),
  /** The module's permission prefix (`index:personal`) and the method (`change_password`), as stored. */
  module: z.string(),
  action: z.string(),
  /** The module's menu title and the action in the reader's language ("Personal data", "Change password"). */
  module_title: z.string(),
  action_title: z.string(),
  /** Both together: "Personal data — Change password". */
  summary: z.string(),
  path: z.string(),
  http_method: z.string(),
  result: z.enum(['success', 'fail']),
  code: z.number(),
  detail: z.string(),
  user_agent: z.string(),
});
export type LogEntry = z.infer<typeof LogEntry>;

export const ListOutput = <T extends z.ZodType>(row: T) =>
  z.object({ list: z.array(row), total: z.number() });

/**
 * Why a live figure is unknown (`value` null): the service it is read from cannot be asked.
 * Asterisk absent, stopped, or running with its console closed to the server.
 */
export const HOME_UNKNOWN_REASONS = [
  'asterisk_not_installed',
  'asterisk_stopped',
  'asterisk_console',
] as const;
export type HomeUnknownReason = (typeof HOME_UNKNOWN_REASONS)[number];

/** Dashboard figures (`system/home`): every number is read from live state, never invented. */
export const HomeCard = z.object({
  key: z.string(),
  /** Business area, for grouping: system, terminals, voice, wireless, tr069, media, mall, alarms... */
  area: z.string(),
  /** null when the live source cannot be asked (`unknown` says why): unknown, never 0. */
  value: z.number().nullable(),
  /** When the card is a part of a whole (online of total). */
  total: z.number().optional(),
  unknown: z.enum(HOME_UNKNOWN_REASONS).optional(),
});
/** The filesystem holding the data directory: the one disk figure of the dashboard, disk page and status page. */
export const HomeDisk = z.object({
  /** The data directory. */
  path: z.string(),
  /** Mount point of the filesystem holding it (a row of the status page's and disk page's tables). */
  mountpoint: z.string(),
  total: z.number(),
  used: z.number(),
  avail: z.number(),
  /** As df computes it, and as the status and disk pages show it: used / (used + available). */
  used_pct: z.number(),
});
/** One day of the 7-day trends (server zone), oldest first. */
export const HomeCallDay = z.object({
  date: z.string(),
  total: z.number(),
  answered: z.number(),
  missed: z.number(),
});
export const HomeOnlineDay = z.object({
  date: z.string(),
  /** Terminals heard from that day; null for a day the server did not sample (it was not running). */
  value: z.number().nullable(),
});
export const HomeTrends = z.object({
  /** Calls per day from the call records (CDR); present when the caller holds the call records page. */
  calls: z.array(HomeCallDay).optional(),
  /** Terminals online per day (daily samples); present when the caller holds the terminals page. */
  terminals_online: z.array(HomeOnlineDay).optional(),
});
/** The host's figures both homes show. */
export const HomeSystem = z.object({
  hostname: z.string(),
  uptime_s: z.number(),
  load: z.array(z.number()),
  cpu_count: z.number(),
  cpu_percent: z.number(),
  memory: z.object({ total: z.number(), used: z.number() }),
  disk: HomeDisk,
});
export const HomeOutput = z.object({
  cards: z.array(HomeCard),
  trends: HomeTrends,
  system: HomeSystem,
  generated_at: z.string(),
});
export type HomeOutput = z.infer<typeof HomeOutput>;
export type HomeCard = z.infer<typeof HomeCard>;
export type HomeTrends = z.infer<typeof HomeTrends>;

export const LoggingExportInput = LoggingListInput.omit({ method: true, page: true, limit: true }).extend({
  method: z.literal('export'),
  format: z.enum(['csv']).optional().default('csv'),
});
/** The operations home's site columns it can sort by: the site id, or a card's value. */
export const OPERATIONS_HOME_SORTS = [
  'site',
  'terminals_online',
  'terminals_total',
  'terminals_pending',
  'extensions_registered',
  'calls_today',
  'aps_online',
  'cpes_online',
  'programmes_up',
  'programmes_down',
  'pending_orders',
  'unread_terminal_records',
  'open_alarms',
] as const;

/**
 * Operations home input: optionally a page of the sites (`page` from 1, `limit` up to 200; either
 * alone pages with the other's default, 1 and 20), sorted by `sort` (the site id, or a card's
 * value, an unknown value below every number; ties by site id) in `order`. Without `page` and
 * `limit` every site asked is sent, in the order asked (the registry's id order when igs-sids
 * names none), as before paging existed.
 */
export const OperationsHomeInput = z
  .object({
    page: z.coerce.number().int().min(1).optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
    sort: z.enum(OPERATIONS_HOME_SORTS).optional(),
    order: z.enum(['asc', 'desc']).optional(),
  })
  .loose();
export type OperationsHomeInput = z.input<typeof OperationsHomeInput>;

/**
 * Operations home (`/operations/bulletin_board/home`): the dashboard cards of each site asked for
 * (igs-sids), or of every site the account reaches when none is named, one entry per site; the
 * page asked for when paged. `totals` are the same cards over every site asked (not only the
 * page), `total` the number of those sites. The per-site figures come from a snapshot refreshed
 * every few seconds (HOME_FIGURES_REFRESH_S): `figures_at` is when it was taken, never more than
 * two refresh periods before the call; Asterisk's figures and `system` are read live.
 */
export const OperationsHomeOutput = z.object({
  /** Each site with its registered name ('' for a site in use that the registry does not name). */
  sites: z.array(z.object({ site_id: z.number(), name: z.string().optional(), cards: z.array(HomeCard) })),
  totals: z.array(HomeCard),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  system: HomeSystem,
  /** When the reply was made (server zone). */
  generated_at: z.string(),
  /** When the per-site figures were counted (server zone). */
  figures_at: z.string(),
});
export type OperationsHomeOutput = z.infer<typeof OperationsHomeOutput>;
