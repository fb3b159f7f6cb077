import { Code, type Lang, say, texts } from '@igs/contract';
import { GB_REGISTER_UNKNOWN, serviceCalls } from '@igs/contract/calls';
import { SERVICE_KEYS, type ServiceKey, type ServiceRow, serviceTitle } from '@igs/contract/extras';
import { z } from 'zod';
import { applyEnabled, type CommandResult, runCommand } from '../../platform/host/config-set.ts';
import { defineCallAction, type SignedInContext } from '../../platform/http/action.ts';
import { validationError } from '../../platform/http/dispatch.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import { VERSION } from '../../platform/version.ts';
import { gbAgentPort, reconcileGbAgent } from '../video/index.ts';
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

/** The web console's own port: the socket this call came in on, else the configured PORT. */
function webPort(ctx: SignedInContext): number {
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
    detail: probe.detail[lang],
    ports_owner: key === 'gb28181' || !owner ? null : owner[lang],
  };
  if (key === 'gb28181') {
    row.server_id = stored.server_id ?? '';
    row.domain = stored.domain ?? '';
    row.port = Number(stored.port ?? 15060);
    // A write-only secret (DOMAIN section 0): never sent back.
    row.password = '';
    row.secret_set = { password: Boolean(stored.password) };
    row.register_unknown = GB_REGISTER_UNKNOWN.includes(stored.register_unknown ?? 'refuse')
      ? stored.register_unknown
      : 'refuse';
  }
  return row;
}

async function allRows(
  ctx: SignedInContext,
  config?: StoredConfig,
  probe?: ProbeContext,
): Promise<ServiceRow[]> {
  const cfg = config ?? (await loadConfig(ctx.app));
  const c = probe ?? (await probeContext(VERSION, gbAgentPort(ctx.app)));
  const ports = await effectivePorts(ctx.app, cfg, webPort(ctx));
  const probes = await Promise.all(SERVICE_KEYS.map((k) => probeService(k, c)));
  return SERVICE_KEYS.map((k, i) => rowOf(k, cfg[k], ports[k], probes[i]!, ctx.lang));
}

async function oneRow(ctx: SignedInContext, key: ServiceKey): Promise<ServiceRow> {
  const cfg = await loadConfig(ctx.app);
  const ports = await effectivePorts(ctx.app, cfg, webPort(ctx));
  return rowOf(
    key,
    cfg[key],
    ports[key],
    await probeService(key, await probeContext(VERSION, gbAgentPort(ctx.app))),
    ctx.lang,
  );
}

const keySchema = (lang: Lang) =>
  z.enum(SERVICE_KEYS, {
    error: say(lang, 'services.keyMustOne', { options: SERVICE_KEYS.join(', ') }),
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
          .int(say(lang, 'services.portsMustWholeNumbers'))
          .min(1, say(lang, 'services.portsMustBetween'))
          .max(65535, say(lang, 'services.portsMustBetween')),
        { error: say(lang, 'services.portsMustListPort') },
      )
      .max(16, say(lang, 'services.portsMost'))
      .refine((a) => new Set(a).size === a.length, say(lang, 'services.portsMustNotRepeat')),
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
      .regex(/^\d{20}$/, say(lang, 'services.serverIdMustDigits'))
      .optional(),
    domain: z
      .string()
      .trim()
      .regex(/^\d{10}$/, say(lang, 'services.domainMustDigits'))
      .optional(),
    port: z.coerce
      .number({ error: say(lang, 'services.portMustNumber') })
      .int(say(lang, 'services.portMustWholeNumber'))
      .min(1, say(lang, 'services.portMustBetween'))
      .max(65535, say(lang, 'services.portMustBetween'))
      .optional(),
    password: z.string().max(64, say(lang, 'services.passwordMustMostCharacters')).optional(),
    register_unknown: z.enum(GB_REGISTER_UNKNOWN).optional(),
  });

function parseOrThrow<T extends z.ZodType>(schema: T, body: unknown, lang: Lang): z.output<T> {
  const r = schema.safeParse(body);
  if (!r.success) throw validationError(r.error, lang, false);
  return r.data;
}

const GB_FIELDS = ['server_id', 'domain', 'port', 'password', 'register_unknown'] as const;

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
        throw invalidField(f, say(lang, 'services.appliesGb28181ServiceOnly', { f }));
  if (key === 'web' && body.enabled === 0)
    throw invalidField('enabled', say(lang, 'services.webConsoleCannotSwitch'));
  const owner = PORT_OWNERS[key];
  if (body.ports !== undefined && owner && JSON.stringify(body.ports) !== JSON.stringify(currentPorts))
    throw invalidField('ports', say(lang, 'services.portsSet', { title, owner }));
  const next: StoredService = { ...current };
  if (body.enabled !== undefined) next.enabled = body.enabled;
  if (body.auto_start !== undefined) next.auto_start = body.auto_start;
  if (body.ports !== undefined && !owner) next.ports = body.ports;
  if (key === 'gb28181') {
    if (body.server_id !== undefined) next.server_id = body.server_id;
    if (body.domain !== undefined) next.domain = body.domain;
    if (body.port !== undefined) next.port = body.port;
    if (body.register_unknown !== undefined) next.register_unknown = body.register_unknown;
    // An empty secret keeps the stored one (DOMAIN section 0).
    if (body.password) next.password = body.password;
  }
  return next;
}

function notApplied(lang: Lang, commands: string[]): string {
  const list = commands.join('; ');
  return list ? say(lang, 'services.notAppliedNotRun', { list }) : say(lang, 'services.notApplied');
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
      say(lang, 'services.noSystemd', { title, commands: { en: shown.join('; '), zh_CN: shown.join('；') } }),
    );
  const results: CommandResult[] = [];
  for (const c of commands) results.push(await runCommand(probe.systemctl, c.args, 30_000));
  const failed = results.filter((r) => !r.ok);
  if (failed.length)
    throw new ApiError(
      Code.unavailable,
      say(lang, 'common.fieldProblem', {
        field: title,
        problem: {
          en: failed
            .map((f) => say('en', 'common.commandFailed', { command: f.command, why: f.output }))
            .join('; '),
          zh_CN: failed
            .map((f) => say('zh_CN', 'common.commandFailed', { command: f.command, why: f.output }))
            .join('；'),
        },
      }),
      { commands: results },
    );
  return { applied: true, note: '', results };
}

function verbAction(verb: 'start' | 'stop' | 'restart') {
  return defineCallAction(serviceCalls[verb], {
    summary: `Runs systemctl ${verb} on the service's unit (key) where IGS_APPLY=1; 503 when it is not installed`,
    access: 'module',
    async handler(ctx, body) {
      const { lang } = ctx;
      const key = parseOrThrow(keySchema(lang), body.key, lang);
      const title = serviceTitle(key, lang);
      if (key === 'web') throw invalidField('key', say(lang, 'services.webConsoleRunsPage'));
      if (key === 'gb28181') throw invalidField('key', say(lang, 'services.gbRunsInServer'));
      const probe = await probeContext(VERSION, gbAgentPort(ctx.app));
      const state = await probeService(key, probe);
      if (state.status === 'not_installed')
        throw new ApiError(
          Code.unavailable,
          say(lang, 'services.notInstalledHost', { title, detail: state.detail }),
        );
      const cfg = await loadConfig(ctx.app);
      if (verb !== 'stop' && cfg[key].enabled !== 1)
        throw new ApiError(
          Code.conflict,
          say(lang, 'services.disabledEnableFirst', { title, verb: texts(`services.verb.${verb}`) }),
        );
      const r = await applyCommands(
        lang,
        title,
        [{ file: 'systemctl', args: [verb, `${state.unit}.service`] }],
        probe,
      );
      ctx.logDetail = `${key}: systemctl ${verb} ${state.unit}.service${r.applied ? '' : ' (not applied)'}`;
      const done = say(lang, `services.done.${verb}`, { title });
      ctx.msg = r.applied ? done : r.note;
      return { applied: r.applied, note: r.note, commands: r.results, service: await oneRow(ctx, key) };
    },
  });
}

export const serviceActions = [
  defineCallAction(serviceCalls.list, {
    summary:
      'The ten services with their live status (systemctl is-active, else /proc), version and settings',
    access: 'module',
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
  defineCallAction(serviceCalls.detail, {
    summary: 'One service (key) with its live status; the gb28181 password is never returned',
    access: 'module',
    async handler(ctx, body) {
      return oneRow(ctx, parseOrThrow(keySchema(ctx.lang), body.key, ctx.lang));
    },
  }),
  defineCallAction(serviceCalls.edit, {
    summary:
      'Saves one service (key, enabled, ports, auto_start; gb28181: server_id, domain, port, password, register_unknown); 409 on a port clash',
    access: 'module',
    async handler(ctx, raw) {
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
      await saveConfig(ctx.app, nextCfg, ctx.caller.user.username);
      // The SIP agent runs in this server: it starts, stops or moves with the saved settings.
      if (key === 'gb28181') await reconcileGbAgent(ctx.app);
      const changed = (Object.keys(next) as (keyof StoredService)[]).filter(
        (f) => JSON.stringify(before[f]) !== JSON.stringify(next[f]),
      );
      ctx.logDetail = `${key}: ${changed.join(', ') || 'no change'}`;

      // What the change means for the host: enable/disable at boot, start/stop now.
      const probe = await probeContext(VERSION, gbAgentPort(ctx.app));
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
        note = say(lang, 'services.savedNotInstalledHost', { title });
      ctx.msg = r.applied ? say(lang, 'services.savedApplied') : note ? note : say(lang, 'services.saved');
      return { applied: r.applied, note, commands: r.results, service: await oneRow(ctx, key) };
    },
  }),
  verbAction('start'),
  verbAction('stop'),
  verbAction('restart'),
];
