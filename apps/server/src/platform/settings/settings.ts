import type { AppContext } from '../app-context.ts';

/**
 * Gateway-wide settings (DOMAIN system/ManageSettings WebSettings), stored as key/value rows.
 * Defaults live here, in one place; a stored row overrides its default.
 */
export const SETTING_DEFAULTS = {
  title: '多业务融合网关',
  /** The English title; empty: `title` serves both languages (the default title has its own, below). */
  title_en: '',
  logo: '',
  favicon: '',
  company: '',
  company_url: '',
  service_call: '',
  copyright: '',
  debug: '1',
  register_enabled: '0',
  register_auth_code: '',
  register_role: 'viewer',
  /** Sign-in and session rules of WebSettings; empty means the server configuration's value. */
  session_idle_min: '',
  session_max_h: '',
  lockout_attempts: '',
  lockout_min: '',
  /** 0 turns the sign-in captcha off; GW_CAPTCHA=off turns it off whatever this says. */
  captcha: '1',
  /** system/Disk settings (DOMAIN 2.9): usage warnings and recording cleanup start at cleanup_pct. */
  disk_media_path: '',
  disk_record_path: '',
  disk_cleanup_pct: '90',
  disk_retention_days: '30',
  /** Days of the server's own daily log files (${DATA_DIR}/logs) kept. */
  server_log_keep_days: '14',
  /** system/BackupRestore: five-field cron of automatic backups (empty: none); auto backups kept. */
  backup_auto_cron: '',
  backup_keep_count: '7',
  /** system/OperationLog retention_days: a daily job deletes older operation-log entries. */
  log_retention_days: '180',
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;

/** The English name of the default title, so the untouched product reads in English in the English console. */
export const DEFAULT_TITLE_EN = 'Multi-business integrated gateway';

/**
 * The brand title in both languages, as copyright and settings give it: the stored English title,
 * else the default title's English name while the title is still the default, else none (the
 * console then shows `title` in both languages: an operator's own name is not translated).
 */
export function brandTitles(s: Pick<Record<SettingKey, string>, 'title' | 'title_en'>): {
  title: string;
  title_en: string;
} {
  const english = s.title_en.trim() || (s.title === SETTING_DEFAULTS.title ? DEFAULT_TITLE_EN : '');
  return { title: s.title, title_en: english };
}

const CACHE_NAME = 'settings';

export async function getSettings(app: AppContext): Promise<Record<SettingKey, string>> {
  const c = cache(app);
  // A short life keeps several instances on one PostgreSQL database in step.
  if (c.value && app.now() - c.loadedAt < 5000) return c.value;
  const rows = await app.db.kysely.selectFrom('settings').selectAll().execute();
  const values: Record<string, string> = { ...SETTING_DEFAULTS };
  for (const r of rows) if (r.key in SETTING_DEFAULTS) values[r.key] = r.value;
  c.value = values as Record<SettingKey, string>;
  c.loadedAt = app.now();
  return values as Record<SettingKey, string>;
}

export async function setSetting(app: AppContext, key: SettingKey, value: string): Promise<void> {
  const db = app.db.kysely;
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  cache(app).clear();
}

interface SettingsCache {
  value: Record<SettingKey, string> | null;
  tables: readonly string[];
  loadedAt: number;
  clear(): void;
}

function cache(app: AppContext): SettingsCache {
  let c = app.caches.get(CACHE_NAME) as SettingsCache | undefined;
  if (!c) {
    const box: SettingsCache = {
      value: null,
      loadedAt: 0,
      // Another instance's change empties it at once (platform/cache/coherence.ts).
      tables: ['settings'],
      clear() {
        box.value = null;
      },
    };
    c = box;
    app.caches.set(CACHE_NAME, c);
  }
  return c;
}
