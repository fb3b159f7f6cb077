import { Code, type Lang } from '@igs/contract';
import {
  SERVICE_KEYS,
  SERVICE_STATUSES,
  type ServiceApplyReply,
  type ServiceKey,
  type ServiceRow,
  SystemServicePaths,
  serviceTitle,
} from '@igs/contract/extras';
import { z } from 'zod';
import { type ActionContext, defineAction } from '../../http/action.ts';
import { validationError } from '../../http/dispatch.ts';
import { ApiError, invalidField } from '../../http/errors.ts';
import { VERSION } from '../../version.ts';
import { applyEnabled, type CommandResult, runCommand } from '../network/config-set.ts';
import {
  checkPortClash,
  effectivePorts,
  loadConfig,
  PORT_OWNERS,
  type StoredConfig,
  type StoredService,
  saveConfig,
} from './config.ts';
import { type ProbeContext, probeContext, probeService, type ServiceProbe } from './probe.ts';

/**
 * `system/service_config` (DOMAIN 2.9 system/ServiceConfig): the ten fixed services with their
 * live status, the stored settings (`edit`, refusing a port clash with 409) and the verbs start,
 * stop and restart, which run `systemctl` only where IGS_APPLY=1 (DOMAIN real-effect policy 3).
 */

const PATH = SystemServicePaths.serviceConfig;
const tr = (lang: Lang, en: string, zh: string) => (lang === 'zh_CN' ? zh : en);

/** The web console's own port: the socket this call came in on, else the configured PORT. */
function webPort(ctx: ActionContext): number {
  return ctx.req.socket?.localPort ?? ctx.app.config.port;
}

function rowOf(
  key: ServiceKey,
  stored: StoredService,
  ports: number[],
  probe: ServiceProbe,
  lang: Lang,
): ServiceRow {
  const owner = PORT_OWNERS[key];
  const row: ServiceRow = {
    key,
    title: serviceTitle(key, lang),
    enabled: stored.enabled,
    ports,
    auto_start: stored.auto_start,
    status: probe.status,
    version: probe.version,
    unit: probe.unit,
    binary: probe.binary,
    status_source: probe.status_source,
    detail: probe.detail,
    ports_owner: key === 'gb28181' || !owner ? null : owner[lang],
  };
  if (key === 'gb28181') {
    row.server_id = stored.server_id ?? '';
    row.domain = stored.domain ?? '';
    row.port = Number(stored.port ?? 15060);
    // A write-only secret (DOMAIN section 0): never sent back.
    row.password = '';
    row.secret_set = { password: Boolean(stored.password) };
  }
  return row;
}

async function allRows(
  ctx: ActionContext,
  config?: StoredConfig,
  probe?: ProbeContext,
): Promise<ServiceRow[]> {
  const cfg = config ?? (await loadConfig(ctx.app));
  const c = probe ?? (await probeContext(VERSION));
  const ports = await effectivePorts(ctx.app, cfg, webPort(ctx));
  const probes = await Promise.all(SERVICE_KEYS.map((k) => probeService(k, c)));
  return SERVICE_KEYS.map((k, i) => rowOf(k, cfg[k], ports[k], probes[i]!, ctx.lang));
}

async function oneRow(ctx: ActionContext, key: ServiceKey): Promise<ServiceRow> {
  const cfg = await loadConfig(ctx.app);
  const ports = await effectivePorts(ctx.app, cfg, webPort(ctx));
  return rowOf(key, cfg[key], ports[key], await probeService(key, await probeContext(VERSION)), ctx.lang);
}

const keySchema = (lang: Lang) =>
  z.enum(SERVICE_KEYS, {
    error: tr(
      lang,
      `key must be one of: ${SERVICE_KEYS.join(', ')}`,
      `key 必须是以下之一：${SERVICE_KEYS.join(', ')}`,
    ),
  });

const bool01 = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
  .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0) as 0 | 1);

/** `ports` as a list, or as "80, 443" from a form. */
const portList = (lang: Lang) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(/[\s,]+/)
            .filter(Boolean)
            .map(Number)
        : v,
    z
      .array(
        z.coerce
          .number()
          .int(tr(lang, 'ports must be whole numbers', '端口必须是整数'))
          .min(1, tr(lang, 'ports must be between 1 and 65535', '端口必须在1到65535之间'))
          .max(65535, tr(lang, 'ports must be between 1 and 65535', '端口必须在1到65535之间')),
        { error: tr(lang, 'ports must be a list of port numbers', '端口必须是端口号列表') },
      )
      .max(16, tr(lang, 'ports: at most 16', '端口最多16个'))
      .refine((a) => new Set(a).size === a.length, tr(lang, 'ports must not repeat', '端口不能重复')),
  );

const editSchema = (lang: Lang) =>
  z.object({
    key: keySchema(lang),
    enabled: bool01.optional(),
    auto_start: bool01.optional(),
    ports: portList(lang).optional(),
    server_id: z
      .string()
      .trim()
      .regex(/^\d{20}$/, tr(lang, 'server_id must be 20 digits', '服务器编号必须是20位数字'))
      .optional(),
    domain: z
      .string()
      .trim()
      .regex(/^\d{10}$/, tr(lang, 'domain must be 10 digits', '域必须是10位数字'))
      .optional(),
    port: z.coerce
      .number({ error: tr(lang, 'port must be a number', '端口必须是数字') })
      .int(tr(lang, 'port must be a whole number', '端口必须是整数'))
      .min(1, tr(lang, 'port must be between 1 and 65535', '端口必须在1到65535之间'))
      .max(65535, tr(lang, 'port must be between 1 and 65535', '端口必须在1到65535之间'))
      .optional(),
    password: z
      .string()
      .max(64, tr(lang, 'password must be at most 64 characters', '密码不能超过64个字符'))
      .optional(),
  });

function parseOrThrow<T extends z.ZodType>(schema: T, body: unknown, lang: Lang): z.output<T> {
  const r = schema.safeParse(body);
  if (!r.success) throw validationError(r.error, lang, false);
  return r.data;
}

const GB_FIELDS = ['server_id', 'domain', 'port', 'password'] as const;

/** The body merged over the stored row, with the rules a schema cannot say. */
function mergeEdit(
  key: ServiceKey,
  current: StoredService,
  body: z.output<ReturnType<typeof editSchema>>,
  currentPorts: number[],
  lang: Lang,
): StoredService {
  const title = serviceTitle(key, lang);
  if (key !== 'gb28181')
    for (const f of GB_FIELDS)
      if (body[f] !== undefined)
        throw invalidField(
          f,
          tr(lang, `${f} applies to the gb28181 service only`, `${f} 仅适用于 gb28181 服务`),
        );
  if (key === 'web' && body.enabled === 0)
    throw invalidField(
      'enabled',
      tr(lang, 'The web console cannot switch itself off', 'Web管理控制台不能在此停用自身'),
    );
  const owner = PORT_OWNERS[key];
  if (body.ports !== undefined && owner && JSON.stringify(body.ports) !== JSON.stringify(currentPorts))
    throw invalidField(
      'ports',
      tr(lang, `The ports of ${title} are set in ${owner.en}`, `${title}的端口请在${owner.zh_CN}中设置`),
    );
  const next: StoredService = { ...current };
  if (body.enabled !== undefined) next.enabled = body.enabled;
  if (body.auto_start !== undefined) next.auto_start = body.auto_start;
  if (body.ports !== undefined && !owner) next.ports = body.ports;
  if (key === 'gb28181') {
    if (body.server_id !== undefined) next.server_id = body.server_id;
    if (body.domain !== undefined) next.domain = body.domain;
    if (body.port !== undefined) next.port = body.port;
    // An empty secret keeps the stored one (DOMAIN section 0).
    if (body.password) next.password = body.password;
  }
  return next;
}

function notApplied(lang: Lang, commands: string[]): string {
  const list = commands.join('; ');
  return tr(
    lang,
    `Not applied on this host: IGS_APPLY is not 1${list ? ` (not run: ${list})` : ''}`,
    `未在本机生效：IGS_APPLY 未设为 1${list ? `（未执行：${list}）` : ''}`,
  );
}

/** Runs systemctl commands where IGS_APPLY=1 and systemd runs; says plainly why not otherwise. */
async function applyCommands(
  lang: Lang,
  title: string,
  commands: { file: string; args: string[] }[],
  probe: ProbeContext,
): Promise<{ applied: boolean; note: string; results: CommandResult[] }> {
  const shown = commands.map((c) => [c.file, ...c.args].join(' '));
  if (!commands.length) return { applied: false, note: '', results: [] };
  if (!applyEnabled()) return { applied: false, note: notApplied(lang, shown), results: [] };
  if (!probe.systemd || !probe.systemctl)
    throw new ApiError(
      Code.unavailable,
      tr(
        lang,
        `systemd is not running on this host, so ${title} cannot be controlled from here (${shown.join('; ')})`,
        `本机未运行 systemd，无法在此控制${title}（${shown.join('；')}）`,
      ),
    );
  const results: CommandResult[] = [];
  for (const c of commands) results.push(await runCommand(probe.systemctl, c.args, 30_000));
  const failed = results.filter((r) => !r.ok);
  if (failed.length)
    throw new ApiError(
      Code.unavailable,
      tr(
        lang,
        `${title}: ${failed.map((f) => `${f.command} failed: ${f.output}`).join('; ')}`,
        `${title}：${failed.map((f) => `${f.command} 失败：${f.output}`).join('；')}`,
      ),
      { commands: results },
    );
  return { applied: true, note: '', results };
}

const VerbInput = z.object({ key: z.unknown() }).loose();

function verbAction(verb: 'start' | 'stop' | 'restart') {
  return defineAction({
    path: PATH,
    method: verb,
    summary: `Runs systemctl ${verb} on the service's unit (key) where IGS_APPLY=1; 503 when it is not installed`,
    access: 'module',
    input: VerbInput,
    async handler(ctx, body): Promise<ServiceApplyReply> {
      const { lang } = ctx;
      const key = parseOrThrow(keySchema(lang), body.key, lang);
      const title = serviceTitle(key, lang);
      if (key === 'web')
        throw invalidField(
          'key',
          tr(
            lang,
            'The web console runs this page: it is not started or stopped from here',
            'Web管理控制台正运行本页面，不能在此启停',
          ),
        );
      const probe = await probeContext(VERSION);
      const state = await probeService(key, probe);
      if (state.status === 'not_installed')
        throw new ApiError(
          Code.unavailable,
          tr(
            lang,
            `${title} is not installed on this host: ${state.detail}`,
            `本机未安装${title}：${state.detail}`,
          ),
        );
      const cfg = await loadConfig(ctx.app);
      if (verb !== 'stop' && cfg[key].enabled !== 1)
        throw new ApiError(
          Code.conflict,
          tr(lang, `${title} is disabled: enable it before you ${verb} it`, `${title}已停用，请先启用`),
        );
      const r = await applyCommands(
        lang,
        title,
        [{ file: 'systemctl', args: [verb, `${state.unit}.service`] }],
        probe,
      );
      ctx.logDetail = `${key}: systemctl ${verb} ${state.unit}.service${r.applied ? '' : ' (not applied)'}`;
      const done = tr(
        lang,
        { start: `${title} started`, stop: `${title} stopped`, restart: `${title} restarted` }[verb],
        { start: `${title}已启动`, stop: `${title}已停止`, restart: `${title}已重启` }[verb],
      );
      ctx.msg = r.applied ? done : r.note;
      return { applied: r.applied, note: r.note, commands: r.results, service: await oneRow(ctx, key) };
    },
  });
}

const ListInput = z
  .object({
    method: z.literal('list'),
    keyword: z.string().trim().max(100).optional().default(''),
    filter: z
      .object({ status: z.enum(SERVICE_STATUSES).optional(), enabled: bool01.optional() })
      .optional()
      .default({}),
  })
  .loose();

export const serviceActions = [
  defineAction({
    path: PATH,
    method: 'list',
    summary:
      'The ten services with their live status (systemctl is-active, else /proc), version and settings',
    access: 'module',
    input: ListInput,
    async handler(ctx, input) {
      const kw = input.keyword.toLowerCase();
      const list = (await allRows(ctx)).filter(
        (r) =>
          (input.filter.status === undefined || r.status === input.filter.status) &&
          (input.filter.enabled === undefined || r.enabled === input.filter.enabled) &&
          (!kw || r.key.includes(kw) || r.title.toLowerCase().includes(kw)),
      );
      return { list, total: list.length };
    },
  }),
  defineAction({
    path: PATH,
    method: 'detail',
    summary: 'One service (key) with its live status; the gb28181 password is never returned',
    access: 'module',
    input: z.object({ method: z.literal('detail'), key: z.unknown() }).loose(),
    async handler(ctx, body) {
      return oneRow(ctx, parseOrThrow(keySchema(ctx.lang), body.key, ctx.lang));
    },
  }),
  defineAction({
    path: PATH,
    method: 'edit',
    summary:
      'Saves one service (key, enabled, ports, auto_start; gb28181: server_id, domain, port, password); 409 on a port clash',
    access: 'module',
    input: z.object({ method: z.literal('edit') }).loose(),
    async handler(ctx, raw): Promise<ServiceApplyReply> {
      const { lang } = ctx;
      const body = parseOrThrow(editSchema(lang), raw, lang);
      const key = body.key;
      const title = serviceTitle(key, lang);
      const cfg = await loadConfig(ctx.app);
      const before = cfg[key];
      const portsNow = await effectivePorts(ctx.app, cfg, webPort(ctx));
      const next = mergeEdit(key, before, body, portsNow[key], lang);
      const nextCfg = { ...cfg, [key]: next };
      checkPortClash(key, await effectivePorts(ctx.app, nextCfg, webPort(ctx)), lang);
      await saveConfig(ctx.app, nextCfg, ctx.caller!.user.username);
      const changed = (Object.keys(next) as (keyof StoredService)[]).filter(
        (f) => JSON.stringify(before[f]) !== JSON.stringify(next[f]),
      );
      ctx.logDetail = `${key}: ${changed.join(', ') || 'no change'}`;

      // What the change means for the host: enable/disable at boot, start/stop now.
      const probe = await probeContext(VERSION);
      const state = await probeService(key, probe);
      const commands: { file: string; args: string[] }[] = [];
      if (state.unit && state.status !== 'not_installed') {
        if (changed.includes('auto_start'))
          commands.push({
            file: 'systemctl',
            args: [next.auto_start ? 'enable' : 'disable', `${state.unit}.service`],
          });
        if (changed.includes('enabled'))
          commands.push({
            file: 'systemctl',
            args: [next.enabled ? 'start' : 'stop', `${state.unit}.service`],
          });
      }
      const r = await applyCommands(lang, title, commands, probe);
      let note = r.note;
      if (state.status === 'not_installed' && (changed.includes('enabled') || changed.includes('auto_start')))
        note = tr(lang, `Saved; ${title} is not installed on this host`, `已保存；本机未安装${title}`);
      ctx.msg = r.applied
        ? tr(lang, 'Saved and applied', '已保存并生效')
        : note
          ? note
          : tr(lang, 'Saved', '已保存');
      return { applied: r.applied, note, commands: r.results, service: await oneRow(ctx, key) };
    },
  }),
  verbAction('start'),
  verbAction('stop'),
  verbAction('restart'),
];
