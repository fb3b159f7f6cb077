import fs from 'node:fs/promises';
import { Code, keepText, type Lang, listText, say, texts } from '@igs/contract';
import { HOT_STANDBY_REPORTED, type HotStandbyDetail, hotStandbyCalls } from '@igs/contract/calls';
import { hotStandbySettings as def, HOT_STANDBY_PRIORITY, SystemServicePaths } from '@igs/contract/extras';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import {
  applyEnabled,
  applyTouchesHost,
  etcDir,
  type SetWriteResult,
  withSetLock,
} from '../../platform/host/config-set.ts';
import { findBinary } from '../../platform/host/host-exec.ts';
import { type ActionContext, defineCallAction } from '../../platform/http/action.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import {
  changedFields,
  mergeAndValidate,
  publicView,
  readSingleton,
  type Values,
  writeSingleton,
} from '../../platform/singletons/store.ts';
import { systemdRunning } from '../services/index.ts';
import { type CheckResult, checkConfig, renderFiles, writeKeepalived } from './keepalived.ts';
import { effectivePriority, type HotStandbyValues } from './render.ts';
import { checkPeer, notifyKey, readState, sameKey, writeState } from './state.ts';
import { peerState, pushNow } from './sync-push.ts';
import { pushes, SYNC_KEY_MIN, syncSettings, syncTarget } from './sync-settings.ts';
import { localSyncView } from './sync-state.ts';

/**
 * `system/hot_standby` (DOMAIN 2.9 system/HotStandby): the VRRP settings, written as a keepalived
 * configuration checked by `keepalived -t`; the state keepalived reports through its notify
 * script; a peer reachability check; and `switchover`, which swaps the roles and restarts
 * keepalived where IGS_APPLY=1.
 *
 * With `sync_config` on, a master pushes its configuration to the peer after every change and on
 * `sync_now` (sync-watch.ts, sync-push.ts); a backup applies what it receives (sync-receive.ts).
 */

function webPort(ctx: ActionContext): number {
  return ctx.req.socket?.localPort ?? ctx.app.config.port;
}

/** The address the notify script reaches this server at: loopback unless bound to one address. */
function notifyUrl(ctx: ActionContext): string {
  const host = ctx.app.config.host;
  const local =
    !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${local}:${webPort(ctx)}${SystemServicePaths.hotStandbyNotify}`;
}

async function load(app: AppContext): Promise<Values> {
  return readSingleton(app, def, 0);
}

/** The host's interfaces (IGS_SYSFS_NET points elsewhere in tests, as for the network page). */
async function interfaces(): Promise<string[]> {
  const dir = process.env.IGS_SYSFS_NET || '/sys/class/net';
  return (await fs.readdir(dir).catch(() => [] as string[])).sort();
}

/** Rules across fields and against the host, each naming its field. */
async function checkRules(values: Values, lang: Lang): Promise<void> {
  const names = await interfaces();
  const iface = String(values.interface ?? '');
  if (iface === 'lo') throw invalidField('interface', say(lang, 'hotStandby.vrrpCannotRunLoopback'));
  if (!names.includes(iface))
    throw invalidField(
      'interface',
      say(lang, 'hotStandby.noSuchInterface', {
        iface,
        names: names.some((n) => n !== 'lo')
          ? listText(names.filter((n) => n !== 'lo'))
          : texts('hotStandby.noneFound'),
      }),
    );
  const peer = String(values.peer_ip ?? '');
  if (peer.includes(':')) throw invalidField('peer_ip', say(lang, 'hotStandby.peerIpMustIpv4'));
  if (String(values.virtual_ip ?? '').split('/')[0] === peer)
    throw invalidField('peer_ip', say(lang, 'hotStandby.peerIpMustDiffer'));
  const key = String(values.sync_key ?? '');
  if (key && key.length < SYNC_KEY_MIN)
    throw invalidField('sync_key', say(lang, 'hotStandby.syncKeyTooShort', { min: SYNC_KEY_MIN }));
  const url = String(values.peer_url ?? '');
  if (url && !/^https?:\/\/[^/?#\s]+\/?$/.test(url))
    throw invalidField('peer_url', say(lang, 'hotStandby.peerUrlForm'));
}

function asValues(v: Values): HotStandbyValues {
  return {
    enabled: Number(v.enabled),
    role: v.role === 'backup' ? 'backup' : 'master',
    interface: String(v.interface ?? ''),
    virtual_ip: String(v.virtual_ip ?? ''),
    vrid: Number(v.vrid),
    priority:
      v.priority === null || v.priority === undefined || v.priority === '' ? null : Number(v.priority),
    advert_int: Number(v.advert_int),
    auth_pass: String(v.auth_pass ?? ''),
    peer_ip: String(v.peer_ip ?? ''),
    preempt: Number(v.preempt),
    sync_config: Number(v.sync_config),
  };
}

export interface HotStandbyReply {
  written: string[];
  removed: string[];
  applied: boolean;
  note: string;
  check: CheckResult;
}

function refuse(lang: Lang, check: CheckResult): ApiError {
  const msg = say(lang, 'hotStandby.keepalivedTRefusedConfiguration', { output: check.output });
  return new ApiError(Code.invalid, msg, { errors: [{ field: 'config', msg }], check });
}

/**
 * Renders, checks and writes the files for `values` (removes them when hot standby is off), then
 * stores the settings. Nothing is stored or written when the check fails.
 */
async function saveAndWrite(ctx: ActionContext, values: Values): Promise<HotStandbyReply> {
  const { app, lang } = ctx;
  return withSetLock('keepalived', async () => {
    const v = asValues(values);
    let check: CheckResult = { ran: false, ok: false, output: 'hot standby is off: no configuration' };
    let result: SetWriteResult;
    if (v.enabled) {
      const files = renderFiles(v, notifyUrl(ctx), await notifyKey(app));
      check = await checkConfig(app, files.conf);
      if (check.ran && !check.ok) throw refuse(lang, check);
      result = await writeKeepalived(app, files);
    } else {
      result = await writeKeepalived(app, null);
    }
    await writeSingleton(app, def.table, 0, values, ctx.caller?.user.username ?? '');
    const rel = (p: string) => p.slice(etcDir(app).length + 1);
    return {
      written: result.written.map(rel),
      removed: result.removed.map(rel),
      applied: result.apply.applied,
      note: result.apply.note,
      check,
    };
  });
}

function savedMessage(lang: Lang, r: HotStandbyReply): string {
  const checked = r.check.ran
    ? say(lang, 'hotStandby.checkedKeepalived')
    : r.check.output.startsWith('keepalived is not installed')
      ? say(lang, 'hotStandby.notInstalledUnchecked')
      : say(lang, 'hotStandby.offNoConfiguration');
  if (r.applied && !r.note) return say(lang, 'hotStandby.savedApplied', { checked });
  if (!applyEnabled()) return say(lang, 'hotStandby.savedWrittenButNot', { checked });
  return say(lang, 'hotStandby.saved', { checked, note: r.note });
}

/** The detail's fields that are the stored settings (the rest is the host's side). */
type StoredField =
  | 'enabled'
  | 'role'
  | 'interface'
  | 'virtual_ip'
  | 'vrid'
  | 'priority'
  | 'advert_int'
  | 'auth_pass'
  | 'peer_ip'
  | 'preempt'
  | 'sync_config'
  | 'peer_url'
  | 'sync_key'
  | 'secret_set';

const NotifyInput = z.object({
  state: z.enum(HOT_STANDBY_REPORTED, {
    error: 'state must be MASTER, BACKUP, FAULT or STOP',
  }),
  priority: z.coerce.number().int().min(0).max(255).optional(),
});

export const hotStandbyActions = [
  defineCallAction(hotStandbyCalls.detail, {
    summary:
      'Hot standby settings (auth_pass empty), the VRRP state keepalived last reported and the host interfaces',
    access: 'module',
    async handler(ctx) {
      const values = await load(ctx.app);
      const reported = await readState(ctx.app);
      return {
        // The singleton's fields as the store keeps them, checked against the contract under CHECK_REPLIES.
        ...(publicView(def, values) as Pick<HotStandbyDetail, StoredField>),
        state: reported.state,
        state_at: reported.at,
        priority_effective: effectivePriority(asValues(values)),
        interfaces: (await interfaces()).filter((n) => n !== 'lo'),
        keepalived_installed: (await findBinary('keepalived')) !== null,
        config_path: 'keepalived/keepalived.conf',
        apply_enabled: applyEnabled(),
        sync_push: pushes(await syncSettings(ctx.app)),
        sync_target: syncTarget(values, ctx.app.config.port),
        sync: await localSyncView(ctx.app),
      };
    },
  }),
  defineCallAction(hotStandbyCalls.form, {
    summary:
      'Saves hot standby and writes keepalived.conf, checked by keepalived -t; an empty auth_pass keeps the stored one',
    access: 'module',
    async handler(ctx, body) {
      const current = await load(ctx.app);
      const values = mergeAndValidate(def, current, body, ctx.lang);
      // A role change carries the role's default priority along, unless a priority was chosen.
      if (
        values.role !== current.role &&
        Number(values.priority) === HOT_STANDBY_PRIORITY[current.role as 'master' | 'backup']
      )
        values.priority = null;
      delete values.state;
      await checkRules(values, ctx.lang);
      const reply = await saveAndWrite(ctx, values);
      ctx.logDetail = `hot_standby: ${changedFields(def, current, values).join(', ') || 'no change'}`;
      ctx.msg = savedMessage(ctx.lang, reply);
      return reply;
    },
  }),
  defineCallAction(hotStandbyCalls.check, {
    summary: 'Whether the peer answers: TCP to its console port (2 s) and one ping where ping is installed',
    access: 'module',
    async handler(ctx) {
      const v = asValues(await load(ctx.app));
      if (!v.peer_ip) throw invalidField('peer_ip', say(ctx.lang, 'hotStandby.setPeerIpFirst'));
      return checkPeer(v.peer_ip, webPort(ctx));
    },
  }),
  defineCallAction(hotStandbyCalls.sync_now, {
    summary:
      'Pushes a configuration snapshot to the peer now (master with sync_config and a sync key), retried with backoff; answers the recorded result',
    access: 'module',
    // Whoever may change the hot-standby settings may push: no button of its own to grant.
    button: 'system:hot_standby:edit',
    async handler(ctx) {
      await pushNow(ctx.app);
      const view = await localSyncView(ctx.app);
      const last = view.last_push;
      ctx.logDetail = last ? `version ${last.version}: ${last.ok ? 'ok' : `failed (${last.reason})`}` : '';
      ctx.msg = last?.ok
        ? say(ctx.lang, 'hotStandby.syncPushed', { version: last.version })
        : say(ctx.lang, 'hotStandby.syncFailed', { detail: last?.detail || last?.reason || '' });
      return view;
    },
  }),
  defineCallAction(hotStandbyCalls.sync_state, {
    summary: "This gateway's sync state and the peer's, asked over the channel authenticated by the sync key",
    access: 'module',
    mutates: false,
    async handler(ctx) {
      const [local, peer] = await Promise.all([localSyncView(ctx.app), peerState(ctx.app)]);
      return { local, peer: peer.peer, peer_error: peer.error };
    },
  }),
  defineCallAction(hotStandbyCalls.switchover, {
    summary: 'Swaps master and backup (role and priority) and restarts keepalived; only where IGS_APPLY=1',
    access: 'module',
    async handler(ctx) {
      const { app, lang } = ctx;
      const current = await load(app);
      const v = asValues(current);
      if (!v.enabled) throw new ApiError(Code.conflict, say(lang, 'hotStandby.hotStandbyOffEnable'));
      if (!(await findBinary('keepalived')))
        throw new ApiError(Code.unavailable, say(lang, 'hotStandby.keepalivedNotInstalledHost'));
      if (!applyEnabled()) {
        ctx.msg = say(lang, 'hotStandby.notAppliedHostIgs');
        return { applied: false as const, note: ctx.msg };
      }
      if (applyTouchesHost() && !(await systemdRunning()))
        throw new ApiError(Code.unavailable, say(lang, 'hotStandby.systemdNotRunningHost'));
      // The roles swap; an explicit priority is mirrored around the two defaults (150 <-> 100).
      const swapped: Values = {
        ...current,
        role: v.role === 'master' ? 'backup' : 'master',
        priority:
          v.priority === null
            ? null
            : Math.min(
                254,
                Math.max(1, HOT_STANDBY_PRIORITY.master + HOT_STANDBY_PRIORITY.backup - v.priority),
              ),
      };
      const reply = await saveAndWrite(ctx, swapped);
      ctx.logDetail = keepText('log.switchover', {
        role: String(swapped.role),
        priority: effectivePriority(asValues(swapped)),
      });
      const role =
        swapped.role === 'master' ? texts('hotStandby.roleMaster') : texts('hotStandby.roleBackup');
      ctx.msg = reply.note
        ? say(lang, 'hotStandby.switchedNote', { role, note: reply.note })
        : say(lang, 'hotStandby.switchedRestarted', { role });
      return reply;
    },
  }),
  defineCallAction(hotStandbyCalls.notify, {
    summary: "keepalived's notify script reports a VRRP state change (x-igs-notify-key: the shared key)",
    access: 'public',
    async handler(ctx, body) {
      const given = String(ctx.req.headers['x-igs-notify-key'] ?? '');
      if (!given || !sameKey(given, await notifyKey(ctx.app)))
        throw new ApiError(Code.forbidden, texts('hotStandby.notifyKeyWrong'));
      const parsed = NotifyInput.safeParse(body);
      if (!parsed.success)
        throw new ApiError(Code.invalid, parsed.error.issues[0]!.message, {
          errors: [{ field: 'state', msg: parsed.error.issues[0]!.message }],
        });
      await writeState(ctx.app, parsed.data.state, parsed.data.priority ?? null);
      ctx.logDetail = keepText('log.keepalivedReported', { state: parsed.data.state });
      return { state: parsed.data.state };
    },
  }),
];
