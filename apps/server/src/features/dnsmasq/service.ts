import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Code, type Lang } from '@igs/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Database } from '../../db/schema.ts';
import type { ActionContext } from '../../http/action.ts';
import { ApiError } from '../../http/errors.ts';
import { loadDoc, loadDocFrom, saveDoc, swapWithPrevious } from '../network/config-docs.ts';
import {
  applyEnabled,
  etcDir,
  readPreviousSet,
  readSet,
  rollbackSet,
  type SetWriteResult,
  withSetLock,
  writeSet,
} from '../network/config-set.ts';
import { tr } from '../network/form.ts';
import type { SaveReply } from '../network/service.ts';
import { type TestResult, testConfig } from './dnsmasq.ts';
import { DEFAULT_DNS, type DhcpDoc, type DnsDoc, defaultDhcp } from './model.ts';
import { DHCP_FILE, DNS_FILE, type HostRecord, renderDhcp, renderDns, type StaticLease } from './render.ts';
import { dhcpSubnet } from './subnet.ts';

/**
 * The DHCP and DNS halves of the dnsmasq configuration. Each has its own document and file set
 * (so each rolls back on its own), but both are checked together by `dnsmasq --test`, as the
 * daemon reads them together: a change is written only when the pair passes.
 */

export type Half = 'dhcp' | 'dns';
const LOCK = 'dnsmasq';
const DOC = { dhcp: 'dhcp', dns: 'dns' } as const;
const FILE = { dhcp: DHCP_FILE, dns: DNS_FILE } as const;

type AnyKysely = Kysely<Database>;

export async function loadDhcp(app: AppContext): Promise<DhcpDoc> {
  return { ...defaultDhcp(app.config.dataDir), ...((await loadDoc<DhcpDoc>(app, DOC.dhcp)).doc ?? {}) };
}

/** Through a connection (the static-lease write hook), without the data directory. */
export async function loadDhcpFrom(db: AnyKysely): Promise<DhcpDoc> {
  return { ...defaultDhcp('/'), ...((await loadDocFrom<DhcpDoc>(db, DOC.dhcp)).doc ?? {}) };
}

export async function loadDns(app: AppContext): Promise<DnsDoc> {
  return { ...DEFAULT_DNS, ...((await loadDoc<DnsDoc>(app, DOC.dns)).doc ?? {}) };
}

export async function staticLeases(db: AnyKysely): Promise<(StaticLease & { id: number })[]> {
  const rows = await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .selectFrom('system_dhcp_host')
    .select(['id', 'mac', 'ip', 'hostname'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    mac: String(r.mac),
    ip: String(r.ip),
    hostname: String(r.hostname ?? ''),
  }));
}

async function hostRecords(db: AnyKysely): Promise<HostRecord[]> {
  const rows = await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .selectFrom('system_dns_host')
    .select(['host', 'ip'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ host: String(r.host), ip: String(r.ip) }));
}

/** What the files would hold now, from the stored (or given) settings and records. */
export async function renderBoth(
  app: AppContext,
  db: AnyKysely,
  over: { dhcp?: DhcpDoc; dns?: DnsDoc } = {},
): Promise<{ dhcp: string; dns: string }> {
  const dhcp = over.dhcp ?? (await loadDhcp(app));
  const dns = over.dns ?? (await loadDns(app));
  const subnet = dhcp.enabled ? await dhcpSubnet(app, dhcp.interface) : null;
  return {
    dhcp: renderDhcp(dhcp, subnet?.ok ? subnet : null, await staticLeases(db)),
    dns: renderDns(dns, await hostRecords(db)),
  };
}

/** Runs `dnsmasq --test` over the pair in a scratch directory that is removed afterwards. */
async function testPair(app: AppContext, contents: { dhcp: string; dns: string }): Promise<TestResult> {
  const dir = path.join(etcDir(app), '.igs', `test-${randomBytes(4).toString('hex')}`);
  await fs.mkdir(dir, { recursive: true });
  try {
    const dnsFile = path.join(dir, 'igs-dns.conf');
    const dhcpFile = path.join(dir, 'igs-dhcp.conf');
    await fs.writeFile(dnsFile, contents.dns);
    await fs.writeFile(dhcpFile, contents.dhcp);
    const r = await testConfig([dnsFile, dhcpFile]);
    // Name the generated file, not the scratch copy, in dnsmasq's message.
    return { ...r, output: r.output.replaceAll(dir, '/etc/dnsmasq.d') };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export interface DnsmasqReply extends SaveReply {
  test: { ran: boolean; ok: boolean; output: string };
}

function refuse(lang: Lang, test: TestResult): ApiError {
  const msg = tr(
    lang,
    `dnsmasq --test refused the configuration; nothing was written: ${test.output}`,
    `dnsmasq --test 未通过，未写入任何文件：${test.output}`,
  );
  return new ApiError(Code.invalid, msg, { errors: [{ field: 'config', msg }], test });
}

function replyOf(
  app: AppContext,
  r: SetWriteResult,
  test: TestResult,
  lang: Lang,
): { reply: DnsmasqReply; msg: string } {
  const rel = (p: string) => p.slice(etcDir(app).length + 1);
  const reply: DnsmasqReply = {
    written: r.written.map(rel),
    removed: r.removed.map(rel),
    applied: r.apply.applied,
    note: r.apply.note,
    commands: r.apply.commands ?? [],
    test: { ran: test.ran, ok: test.ok, output: test.output },
  };
  let msg: string;
  if (!test.ran) msg = tr(lang, `Saved; ${test.output}`, `已保存；未安装dnsmasq，配置已生成但未经检查`);
  else if (reply.applied && !reply.note)
    msg = tr(lang, 'Saved, checked by dnsmasq and applied', '已保存，dnsmasq检查通过并已生效');
  else if (reply.applied)
    msg = tr(lang, `Saved and checked; ${reply.note}`, `已保存并检查通过；${reply.note}`);
  else if (!applyEnabled())
    msg = tr(
      lang,
      'Saved and checked by dnsmasq: files written but not applied (IGS_APPLY is not 1)',
      '已保存，dnsmasq检查通过：配置文件已生成，但未应用到系统（IGS_APPLY 未设为 1）',
    );
  else msg = tr(lang, `Saved and checked; ${reply.note}`, `已保存并检查通过；${reply.note}`);
  return { reply, msg };
}

const reload = () => [{ file: 'systemctl', args: ['restart', 'dnsmasq'] }];

/**
 * Writes one half: renders both halves (the other from what is stored), has dnsmasq check the
 * pair, and only then writes the half's file and stores its document.
 */
export async function writeHalf(
  ctx: ActionContext,
  half: Half,
  opts: { doc?: DhcpDoc | DnsDoc } = {},
): Promise<DnsmasqReply> {
  const { app } = ctx;
  const db = app.db.kysely;
  return withSetLock(LOCK, async () => {
    const contents = await renderBoth(app, db, { [half]: opts.doc } as { dhcp?: DhcpDoc; dns?: DnsDoc });
    const test = await testPair(app, contents);
    if (test.ran && !test.ok) throw refuse(ctx.lang, test);
    const result = await writeSet(app, half, [{ path: FILE[half], content: contents[half] }], { reload });
    if (opts.doc) await saveDoc(app, DOC[half], opts.doc, ctx.caller?.user.username ?? '');
    const { reply, msg } = replyOf(app, result, test, ctx.lang);
    ctx.msg = msg;
    return reply;
  });
}

/** Puts back the previous settings and file of one half; null when there is none. */
export async function rollbackHalf(ctx: ActionContext, half: Half): Promise<DnsmasqReply | null> {
  const { app } = ctx;
  return withSetLock(LOCK, async () => {
    const stored = await loadDoc(app, DOC[half]);
    const previous = await readPreviousSet(app, half);
    if (!stored.previous || !previous) return null;
    const other = half === 'dhcp' ? 'dns' : 'dhcp';
    const otherNow = (await readSet(app, other))[0]?.content ?? (await renderBoth(app, app.db.kysely))[other];
    const restored = previous[0]?.content ?? '';
    const test = await testPair(app, { [half]: restored, [other]: otherNow } as {
      dhcp: string;
      dns: string;
    });
    if (test.ran && !test.ok) throw refuse(ctx.lang, test);
    const result = await rollbackSet(app, half, { reload });
    await swapWithPrevious(app, DOC[half], ctx.caller?.user.username ?? '');
    const { reply, msg } = replyOf(app, result!, test, ctx.lang);
    ctx.msg = msg;
    return reply;
  });
}

export interface HalfStatus {
  path: string;
  written: boolean;
  /** The settings or records changed since the file was written: `apply` writes them. */
  pending: boolean;
  can_rollback: boolean;
  test: { ran: boolean; ok: boolean; output: string };
}

/** The state of one half's file: written, up to date, and whether dnsmasq accepts the pair. */
export async function halfStatus(app: AppContext, half: Half): Promise<HalfStatus> {
  const fresh = await renderBoth(app, app.db.kysely);
  const onDisk = (await readSet(app, half))[0]?.content ?? null;
  const other = half === 'dhcp' ? 'dns' : 'dhcp';
  const otherOnDisk = (await readSet(app, other))[0]?.content ?? fresh[other];
  const test = await testPair(app, {
    [half]: onDisk ?? fresh[half],
    [other]: otherOnDisk,
  } as { dhcp: string; dns: string });
  const stored = await loadDoc(app, DOC[half]);
  return {
    path: path.join(etcDir(app), FILE[half]),
    written: onDisk !== null,
    pending: onDisk !== fresh[half],
    can_rollback: Boolean(stored.previous) && Boolean(await readPreviousSet(app, half)),
    test: { ran: test.ran, ok: test.ok, output: test.output },
  };
}
