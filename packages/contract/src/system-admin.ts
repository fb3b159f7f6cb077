import { z } from 'zod';
import type { Lang } from './messages.ts';

/**
 * Roles (system/PermissionManagement), accounts and web settings (system/ManageSettings) and the
 * scheduled-task verbs (system/ScheduledTask): paths, request schemas and the rules both sides
 * share. Schemas are built per language so that a field's message reaches the caller in theirs.
 */

export const SystemAdminPaths = {
  authority: '/admin.php/system/authority',
  systemMenu: '/admin.php/system/system_menu',
  administrator: '/admin.php/system/administrator',
  webSet: '/admin.php/system/web_set',
  timedTask: '/admin.php/system/timed_task',
  opsTimedTask: '/operations/system/timed_task',
} as const;

/**
 * What makes an account an administrator: it is enabled and its role is enabled, of full mode,
 * and holds the two menus that can grant every other right (Permission management and Manage
 * settings) with their edit buttons. The built-in `admin` role always holds every menu and button.
 * At least one administrator must remain, and nobody can take away their own administrator rights.
 */
export const ADMIN_MENU_NAMES = ['SystemPermission', 'SystemManage'] as const;
export const ADMIN_BUTTONS = ['system:authority:edit', 'system:administrator:edit'] as const;
/**
 * Buttons only an administrator role may hold: restoring a backup (stored or uploaded) replaces
 * every account, role and permission, so whoever can restore can make themselves an administrator.
 * The server refuses to grant them to another role and checks the caller at each restore.
 */
export const ADMIN_ONLY_BUTTONS = ['system:backup_restore:restore', 'system:backup_restore:import'] as const;

export function isAdminOnlyButton(key: string): boolean {
  return (ADMIN_ONLY_BUTTONS as readonly string[]).includes(key);
}

/** The built-in role seeded with every menu and button at each start; it cannot be changed. */
export const BUILTIN_ADMIN_ROLE = 'admin';

export type RoleMode = 'full' | 'operations';

const t = (lang: Lang, en: string, zh: string) => (lang === 'zh_CN' ? zh : en);

const flag = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0) as 0 | 1);

/** A list of ids as an array, or as the comma-separated text a form sends. */
/**
 * The most sites one account's or role's grant lists (beyond it, grant every site or use a
 * customer): a call without igs-sids reads the account's sites as one list of bound values, which
 * must stay well within SQLite's 32,766 and PostgreSQL's 65,535.
 */
export const SITE_GRANT_MAX = 20_000;

function idList(lang: Lang, label: string, min: number, max = 2000) {
  const message = t(lang, `${label} must be a list of ids`, `${label}必须是编号列表`);
  return z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(z.coerce.number({ error: message }).int(message).min(min, message), { error: message }).max(max),
  );
}

export function roleInputSchema(lang: Lang = 'en') {
  return z.object({
    name: z
      .string({ error: t(lang, 'name is required', '请填写角色名称') })
      .trim()
      .min(1, t(lang, 'name is required', '请填写角色名称'))
      .max(64, t(lang, 'name must be at most 64 characters', '角色名称不能超过64个字符')),
    description: z
      .string()
      .trim()
      .max(255, t(lang, 'description must be at most 255 characters', '描述不能超过255个字符'))
      .optional()
      .default(''),
    mode: z.enum(['full', 'operations'], {
      error: t(lang, 'mode must be full or operations', '模式必须是 full 或 operations'),
    }),
    menu_ids: idList(lang, 'menu_ids', 1).optional().default([]),
    button_keys: z
      .array(z.string().trim().min(1).max(128), {
        error: t(lang, 'button_keys must be a list of keys', 'button_keys 必须是按钮键列表'),
      })
      .max(5000)
      .optional()
      .default([]),
    // A fleet account may hold many sites (issue 17: 10,000 per account work).
    site_ids: idList(lang, 'site_ids', 1, SITE_GRANT_MAX).optional().default([]),
    /** Every site, present and future (operations roles); otherwise only site_ids (none if empty). */
    all_sites: flag.optional().default(0),
    enabled: flag.optional().default(1),
  });
}
export type RoleInput = z.input<ReturnType<typeof roleInputSchema>>;

/** A role as the page shows it and the permission tree: `RoleRecord`, `PermissionMenu` of `@igs/contract/calls`. */

const USERNAME = /^[A-Za-z0-9_]{3,32}$/;
const PASSWORD_HASH = /^[0-9a-f]{64}$/;

export function accountInputSchema(lang: Lang = 'en', mode: 'add' | 'edit' = 'add') {
  const password = z
    .string({ error: t(lang, 'password is required', '请设置密码') })
    .regex(
      PASSWORD_HASH,
      t(
        lang,
        'password must be the client-side SHA-256 hash (64 hex digits)',
        '密码必须是客户端 SHA-256 摘要（64 位十六进制）',
      ),
    );
  const base = z.object({
    username: z
      .string({ error: t(lang, 'username is required', '请输入用户名') })
      .trim()
      .regex(
        USERNAME,
        t(lang, 'username must be 3-32 letters, digits or _', '用户名须为3-32位字母、数字或下划线'),
      ),
    nickname: z
      .string()
      .trim()
      .max(64, t(lang, 'nickname is too long', '昵称过长'))
      .optional()
      .default(''),
    phone: z
      .string()
      .trim()
      .max(32, t(lang, 'phone is too long', '电话过长'))
      .optional()
      .default(''),
    company_name: z
      .string()
      .trim()
      .max(128, t(lang, 'company_name is too long', '公司名称过长'))
      .optional()
      .default(''),
    password: mode === 'add' ? password : password.optional(),
    role_id: z.coerce
      .number({ error: t(lang, 'role_id is required', '请选择角色') })
      .int()
      .positive(t(lang, 'role_id is required', '请选择角色')),
    is_operations: flag.optional().default(0),
    // A fleet account may hold many sites (issue 17: 10,000 per account work).
    site_ids: idList(lang, 'site_ids', 1, SITE_GRANT_MAX).optional().default([]),
    /** Every site, present and future, in operations mode; otherwise only site_ids (none if empty). */
    all_sites: flag.optional().default(0),
    cid: z.coerce
      .number({ error: t(lang, 'cid must be a number', 'cid 必须是数字') })
      .int()
      .min(0)
      .optional()
      .default(0),
    enabled: flag.optional().default(1),
  });
  return base;
}
export type AccountInput = z.input<ReturnType<typeof accountInputSchema>>;

/** An account as the page shows it: `AccountRecord` of `@igs/contract/calls`. */

/** WebSettings (`web_set`, a singleton): branding, footer and the sign-in and session rules. */
export function webSettingsSchema(lang: Lang = 'en') {
  const text = (name: string, max: number) =>
    z
      .string({ error: t(lang, `${name} must be text`, `${name}必须是文本`) })
      .trim()
      .max(max, t(lang, `${name} must be at most ${max} characters`, `${name}不能超过${max}个字符`));
  const link = (name: string) =>
    text(name, 512).refine(
      (v) => v === '' || /^https?:\/\/\S+$/i.test(v) || /^\/[^\s]*$/.test(v),
      t(
        lang,
        `${name} must be an http(s) URL or a path on this server`,
        `${name}必须是 http(s) 地址或本站路径`,
      ),
    );
  const int = (name: string, min: number, max: number) =>
    z.coerce
      .number({ error: t(lang, `${name} must be a number`, `${name}必须是数字`) })
      .int(t(lang, `${name} must be a whole number`, `${name}必须是整数`))
      .min(min, t(lang, `${name} must be between ${min} and ${max}`, `${name}必须在${min}到${max}之间`))
      .max(max, t(lang, `${name} must be between ${min} and ${max}`, `${name}必须在${min}到${max}之间`));
  return z.object({
    title: text('title', 64),
    /** The English title; a body without it keeps the stored one (it came after the other fields). */
    title_en: text('title_en', 64).optional(),
    logo: link('logo'),
    favicon: link('favicon'),
    company: text('company', 128),
    company_url: link('company_url'),
    service_call: text('service_call', 32),
    copyright: text('copyright', 255),
    debug: flag,
    session_idle_min: int('session_idle_min', 1, 1440),
    session_max_h: int('session_max_h', 1, 720),
    lockout_attempts: int('lockout_attempts', 1, 100),
    lockout_min: int('lockout_min', 1, 1440),
    captcha: flag,
  });
}
export type WebSettings = z.output<ReturnType<typeof webSettingsSchema>>;

/** Scheduled-job types (DOMAIN system/ScheduledTask); operations tasks may use only some. */
export const JOB_TYPES = [
  'reboot_system',
  'restart_service',
  'backup',
  'clean_logs',
  'sync_sources',
  'epg_refresh',
  'clear_cache',
  'terminal_command',
] as const;
export type JobType = (typeof JOB_TYPES)[number];
export const OPERATIONS_JOB_TYPES: readonly JobType[] = [
  'sync_sources',
  'epg_refresh',
  'clear_cache',
  'terminal_command',
];
export type RunResult = 'running' | 'success' | 'fail' | 'skipped';

/** One run of a scheduled task (`history`). */
export interface TimedTaskRun {
  id: number;
  task_id: number;
  trigger: 'schedule' | 'manual';
  username: string;
  scheduled: string;
  started: string;
  finished: string;
  result: RunResult;
  output_tail: string;
}
