import type { Lang } from '@igs/contract';
import { say } from '@igs/contract';
import type { AppContext } from '../../platform/app-context.ts';
import {
  applyEnabled,
  type CommandResult,
  type ConfigFile,
  etcDir,
  readPreviousSet,
  readSet,
  rollbackSet,
  type SetWriteResult,
  withSetLock,
  writeSet,
} from '../../platform/host/config-set.ts';
import type { ActionContext } from '../../platform/http/action.ts';
import { loadDoc, saveDoc, swapWithPrevious } from '../../platform/settings/config-docs.ts';
import { type LiveInterface, liveInterfaces } from './live.ts';
import { type NetworkDoc, normalizeDoc } from './model.ts';
import { renderNetwork } from './render.ts';
import type { NetContext } from './rules.ts';

/**
 * Loading, saving and rolling back the network document together with its generated file set.
 * A change runs inside the set's lock from reading the document to writing the files, so two
 * saves never lose each other's change.
 */

export const NETWORK_DOC = 'network';
const SET = 'network';

export async function loadNetwork(app: AppContext): Promise<NetworkDoc> {
  return normalizeDoc((await loadDoc<NetworkDoc>(app, NETWORK_DOC)).doc);
}

export interface LiveContext extends NetContext {
  source: 'ip' | 'node';
  note: string;
}

export async function netContext(app: AppContext): Promise<LiveContext> {
  const [doc, live] = await Promise.all([loadNetwork(app), liveInterfaces()]);
  return { doc, live: live.list, source: live.source, note: live.note };
}

/** What a saving call answers: where the files went and whether they are in effect. */
export interface SaveReply {
  written: string[];
  removed: string[];
  applied: boolean;
  note: string;
  commands: CommandResult[];
}

function reloadCommands(doc: NetworkDoc) {
  return (changed: string[]) => {
    const out: { file: string; args: string[] }[] = [];
    const has = (p: (s: string) => boolean) => changed.some(p);
    if (has((p) => p.startsWith('systemd/network/'))) out.push({ file: 'networkctl', args: ['reload'] });
    if (has((p) => p === 'timezone') && doc.timezone)
      out.push({ file: 'timedatectl', args: ['set-timezone', doc.timezone.timezone] });
    if (has((p) => p.startsWith('systemd/timesyncd.conf.d/')))
      out.push({ file: 'timedatectl', args: ['set-ntp', doc.timezone?.ntp_enabled ? 'true' : 'false'] });
    if (has((p) => p.startsWith('systemd/resolved.conf.d/')))
      out.push({ file: 'systemctl', args: ['restart', 'systemd-resolved'] });
    if (has((p) => p === 'sysctl.d/90-igs-igmp.conf'))
      out.push({ file: 'sysctl', args: ['-p', '/etc/sysctl.d/90-igs-igmp.conf'] });
    if (has((p) => p === 'igmpproxy.conf')) out.push({ file: 'systemctl', args: ['restart', 'igmpproxy'] });
    if (has((p) => p === 'igs/qos.tc') && doc.qos.interfaces.length)
      out.push({ file: 'tc', args: ['-force', '-batch', '/etc/igs/qos.tc'] });
    for (const v of doc.openvpn)
      if (v.enabled && has((p) => p.startsWith(`openvpn/client/${v.conf_name}.`)))
        out.push({ file: 'systemctl', args: ['restart', `openvpn-client@${v.conf_name}`] });
    return out;
  };
}

function replyOf(app: AppContext, r: SetWriteResult): SaveReply {
  const rel = (p: string) => p.slice(etcDir(app).length + 1);
  return {
    written: r.written.map(rel),
    removed: r.removed.map(rel),
    applied: r.apply.applied,
    note: r.apply.note,
    commands: r.apply.commands ?? [],
  };
}

/** The success text: saved, and whether it is in effect. */
export function savedMessage(lang: Lang, reply: SaveReply): string {
  if (reply.applied && !reply.note) return say(lang, 'network.savedApplied');
  if (reply.applied) return say(lang, 'network.savedCopiedIntoPlace', { note: reply.note });
  if (!applyEnabled()) return say(lang, 'network.savedConfigurationFilesWritten');
  return say(lang, 'network.saved', { note: reply.note });
}

/**
 * Reads the document and the host, lets `change` produce the new document (throwing to refuse),
 * renders and writes every file, then stores the document. Nothing is written when `change` or
 * the rendering throws.
 */
export async function changeNetwork(
  ctx: ActionContext,
  change: (c: LiveContext) => NetworkDoc | Promise<NetworkDoc>,
): Promise<SaveReply> {
  const { app } = ctx;
  return withSetLock(SET, async () => {
    const c = await netContext(app);
    const next = await change(c);
    const files = renderNetwork(next, allNames(c.live));
    const result = await writeSet(app, SET, files, { reload: reloadCommands(next) });
    await saveDoc(app, NETWORK_DOC, next, ctx.caller?.user.username ?? '');
    const reply = replyOf(app, result);
    ctx.msg = savedMessage(ctx.lang, reply);
    return reply;
  });
}

function allNames(live: LiveInterface[]): string[] {
  return live.map((l) => l.name);
}

/** Puts back the previous document and file set; null when there is nothing to go back to. */
export async function rollbackNetwork(ctx: ActionContext): Promise<SaveReply | null> {
  const { app } = ctx;
  return withSetLock(SET, async () => {
    const stored = await loadDoc<NetworkDoc>(app, NETWORK_DOC);
    if (!stored.previous || !(await readPreviousSet(app, SET))) return null;
    const result = await rollbackSet(app, SET, { reload: reloadCommands(normalizeDoc(stored.previous)) });
    await swapWithPrevious(app, NETWORK_DOC, ctx.caller?.user.username ?? '');
    const reply = replyOf(app, result!);
    ctx.msg = savedMessage(ctx.lang, reply);
    return reply;
  });
}

/** The generated files as they are on disk; secret files are listed without their content. */
export async function generatedFiles(app: AppContext): Promise<{
  files: { path: string; secret: boolean; content: string | null }[];
  can_rollback: boolean;
}> {
  const files: ConfigFile[] = await readSet(app, SET);
  const stored = await loadDoc<NetworkDoc>(app, NETWORK_DOC);
  return {
    files: files.map((f) => ({
      path: f.path,
      secret: Boolean(f.secret),
      content: f.secret ? null : f.content,
    })),
    can_rollback: Boolean(stored.previous) && Boolean(await readPreviousSet(app, SET)),
  };
}
