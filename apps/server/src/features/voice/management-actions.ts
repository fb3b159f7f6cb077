import { Code, type Lang, say } from '@igs/contract';
import { type ReloadReply, type RestartReply, voiceManagementCalls } from '@igs/contract/calls';
import type { AppContext } from '../../platform/app-context.ts';
import { findBinary, runFile } from '../../platform/host/host-exec.ts';
import { type ActionContext, defineCallAction } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';
import {
  type AsteriskInfo,
  asteriskInfo,
  consoleAnswered,
  parseConciseChannels,
  parseContacts,
  parseRegistrations,
  runConsole,
} from './asterisk.ts';
import {
  applyEnabled,
  applyVoiceFiles,
  asteriskEtcDir,
  readWrittenFile,
  voiceConfDir,
} from './conf-files.ts';
import { checkVoiceFiles } from './config/check.ts';
import { generateVoiceConfig } from './config/generate.ts';
import { VOICE_FILES } from './config/model.ts';
import { trunkSection } from './config/pjsip.ts';
import { loadVoiceModel } from './model-loader.ts';
import { type FileCheckReply, localizeChecks, regenerateVoiceFiles } from './regenerate.ts';

/**
 * voice/VoiceManagement (DOMAIN section 2.2): the state of Asterisk on this host, the endpoint and
 * trunk figures, and the generated files with their check. Live figures come from Asterisk when
 * it runs; otherwise from the stored data, and the reply says which.
 */

/** The reason live data is missing, or null when Asterisk's console answers. */
export function notLiveReason(info: AsteriskInfo, lang: Lang): string | null {
  if (info.state === 'not_installed') return say(lang, 'voice.asteriskNotInstalledGateway');
  if (info.state === 'stopped') return say(lang, 'voice.asteriskNotRunning');
  if (info.console_error)
    return say(lang, 'voice.asteriskRunsButConsole', { console_error: info.console_error });
  return null;
}

/** 503 naming the missing service (DOMAIN section 3.5), with what was done to the files. */
function unavailable(reason: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(Code.unavailable, reason, extra);
}

async function extensionCounts(app: AppContext): Promise<{ total: number; online: number }> {
  const db = app.db.kysely;
  const row = await db
    .selectFrom('voice_extension')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('reg_state', '=', 'online').then(1).else(0).end()).as('online'),
    ])
    .where('site_id', '=', 0)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), online: Number(row.online ?? 0) };
}

const TRUNK_STATE: Record<string, string> = {
  Registered: 'registered',
  Unregistered: 'unregistered',
  Rejected: 'rejected',
  Failed: 'unreachable',
  Stopped: 'unregistered',
};

async function status(ctx: ActionContext) {
  const { app, lang } = ctx;
  const [info, model, counts] = await Promise.all([
    asteriskInfo(),
    loadVoiceModel(app),
    extensionCounts(app),
  ]);
  const reason = notLiveReason(info, lang);
  const live = reason === null && info.binary !== null;
  let registered = counts.online;
  let channels: number | null = null;
  let contacts: ReturnType<typeof parseContacts> = [];
  let regs: ReturnType<typeof parseRegistrations> = [];
  if (live) {
    const bin = info.binary!;
    const [c, ch, r] = await Promise.all([
      runConsole(bin, 'pjsip show contacts'),
      runConsole(bin, 'core show channels concise'),
      runConsole(bin, 'pjsip show registrations'),
    ]);
    if (consoleAnswered(c)) {
      contacts = parseContacts(c.stdout);
      const numbers = new Set(model.extensions.map((e) => e.extension));
      registered = new Set(
        contacts.filter((x) => numbers.has(x.aor) && x.status !== 'Unavail').map((x) => x.aor),
      ).size;
    }
    if (consoleAnswered(ch)) channels = parseConciseChannels(ch.stdout).length;
    if (consoleAnswered(r)) regs = parseRegistrations(r.stdout);
  }
  const trunks = model.trunks.map((t) => {
    const name = trunkSection(t);
    let state = (t.reg_state as string | null | undefined) ?? 'unknown';
    if (live && t.enabled) {
      const reg = regs.find((x) => x.name === `${name}-reg`);
      const contact = contacts.find((x) => x.aor === name);
      if (reg) state = TRUNK_STATE[reg.status] ?? 'unregistered';
      else if (contact) state = contact.status === 'Unavail' ? 'unreachable' : 'reachable';
    }
    return {
      id: t.id,
      name: t.name,
      enabled: t.enabled,
      registration: t.registration,
      sip_server: `${t.sip_server}:${t.sip_server_port}`,
      state: t.enabled ? state : 'disabled',
    };
  });
  const files = await Promise.all(
    VOICE_FILES.map(async (f) => {
      const w = await readWrittenFile(app, f);
      return { file: f, written_at: w?.written_at ?? null, bytes: w ? Buffer.byteLength(w.text) : null };
    }),
  );
  return {
    asterisk: {
      state: info.state,
      version: info.version,
      uptime_s: info.uptime_s,
      last_reload_s: info.last_reload_s,
      reason,
    },
    source: live ? ('asterisk' as const) : ('data' as const),
    endpoints: { registered, total: counts.total },
    trunks,
    channels: { active: channels, reason: live ? null : reason },
    files,
    dir: voiceConfDir(app),
    apply: { enabled: applyEnabled(), target: asteriskEtcDir() },
  };
}

async function checkAll(ctx: ActionContext): Promise<{ ok: boolean; dir: string; files: FileCheckReply[] }> {
  const { checks } = await regenerateVoiceFiles(ctx.app);
  return {
    ok: checks.every((c) => c.ok),
    dir: voiceConfDir(ctx.app),
    files: localizeChecks(checks, ctx.lang),
  };
}

/**
 * reload and restart: regenerate and check (refusing files with errors), copy into place when
 * IGS_APPLY=1, then ask Asterisk; without Asterisk the answer is 503 and says so.
 */
async function prepare(ctx: ActionContext) {
  const { generated, checks } = await regenerateVoiceFiles(ctx.app);
  const files = localizeChecks(checks, ctx.lang);
  // Records left out while generating are reported, not blocking: the files stay valid.
  const bad = files.find((f) => !f.valid);
  if (bad) {
    throw new ApiError(
      Code.invalid,
      say(ctx.lang, 'voice.generatedConfigurationErrorsNothing', { file: bad.file, errors: bad.errors[0] }),
      { files },
    );
  }
  const apply = await applyVoiceFiles(generated.files);
  const applied = { applied: apply.applied, target: apply.target, reason: apply.reason?.[ctx.lang] ?? null };
  const info = await asteriskInfo();
  return { files, applied, info };
}

async function reload(ctx: ActionContext): Promise<ReloadReply> {
  const { files, applied, info } = await prepare(ctx);
  const reason = notLiveReason(info, ctx.lang);
  const done = say(ctx.lang, 'voice.filesGeneratedCheckedUnder', { voiceConfDir: voiceConfDir(ctx.app) });
  if (reason) throw unavailable(`${reason}${done}`, { files, apply: applied });
  const r = await runConsole(info.binary!, 'core reload', 15_000);
  if (!consoleAnswered(r))
    throw unavailable(say(ctx.lang, 'voice.asteriskDidNotReload', { value: (r.stderr || r.stdout).trim() }), {
      files,
      apply: applied,
    });
  ctx.logDetail = `core reload; applied=${applied.applied}`;
  return { reloaded: true, apply: applied, output: r.stdout.trim().slice(0, 2000), files };
}

async function restart(ctx: ActionContext): Promise<RestartReply> {
  const { files, applied, info } = await prepare(ctx);
  const done = say(ctx.lang, 'voice.filesGeneratedCheckedUnder', { voiceConfDir: voiceConfDir(ctx.app) });
  if (info.state === 'not_installed')
    throw unavailable(`${notLiveReason(info, ctx.lang)}${done}`, { files, apply: applied });
  if (info.state === 'running' && !info.console_error) {
    const r = await runConsole(info.binary!, 'core restart gracefully', 15_000);
    if (!consoleAnswered(r))
      throw unavailable(
        say(ctx.lang, 'voice.asteriskDidNotRestart', { value: (r.stderr || r.stdout).trim() }),
        {
          files,
          apply: applied,
        },
      );
    ctx.logDetail = `core restart gracefully; applied=${applied.applied}`;
    return { restarted: true, how: 'console', apply: applied, files };
  }
  // Stopped (or its console is closed to us): start it through the service manager.
  const systemctl = await findBinary('systemctl');
  if (!systemctl)
    throw unavailable(
      say(ctx.lang, 'voice.hostNoSystemctlStart', { notLiveReason: notLiveReason(info, ctx.lang), done }),
      { files, apply: applied },
    );
  const r = await runFile(systemctl, [info.state === 'running' ? 'restart' : 'start', 'asterisk'], {
    timeoutMs: 30_000,
  });
  if (r.code !== 0)
    throw unavailable(
      say(ctx.lang, 'voice.systemctlCouldNotStart', {
        value: (r.stderr || r.stdout || r.error || '').trim(),
      }),
      { files, apply: applied },
    );
  ctx.logDetail = `systemctl start asterisk; applied=${applied.applied}`;
  return { restarted: true, how: 'systemctl', apply: applied, files };
}

export const voiceManagementActions = [
  defineCallAction(voiceManagementCalls.status, {
    summary:
      'Asterisk state, version and uptime; endpoints registered/total; trunk states; active channels; generated files',
    access: 'module',
    handler: status,
  }),
  defineCallAction(voiceManagementCalls.check, {
    summary:
      'Regenerates every voice file under DATA_DIR/etc/asterisk and checks each (sections, keys, references)',
    access: 'module',
    mutates: false,
    handler: checkAll,
  }),
  defineCallAction(voiceManagementCalls.reload, {
    summary:
      'Regenerates and checks the files, applies them with IGS_APPLY=1, then core reload; 503 when Asterisk is absent',
    access: 'module',
    handler: reload,
  }),
  defineCallAction(voiceManagementCalls.restart, {
    summary:
      'Regenerates and checks the files, applies them with IGS_APPLY=1, then restarts Asterisk; 503 when it is absent',
    access: 'module',
    handler: restart,
  }),
  defineCallAction(voiceManagementCalls.file, {
    summary: 'The text of one generated voice file (secrets masked), and whether the copy on disk is current',
    access: 'module',
    async handler(ctx, input) {
      const model = await loadVoiceModel(ctx.app);
      const shown = generateVoiceConfig(model, { mask: true });
      const real = generateVoiceConfig(model);
      const disk = await readWrittenFile(ctx.app, input.file);
      const check = checkVoiceFiles(real.files, real.problems).find((c) => c.file === input.file)!;
      return {
        file: input.file,
        text: shown.files[input.file],
        written_at: disk?.written_at ?? null,
        same_as_disk: disk ? disk.text === real.files[input.file] : false,
        check: localizeChecks([check], ctx.lang)[0]!,
      };
    },
  }),
];
