import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Code, type Lang, say } from '@igs/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../platform/app-context.ts';
import type { Database } from '../../platform/db/schema.ts';
import {
  applyEnabled,
  applyRoot,
  etcDir,
  readSet,
  type SetWriteResult,
  withSetLock,
  writeSet,
} from '../../platform/host/config-set.ts';
import type { ActionContext } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { inCallTransaction } from '../../platform/resources/transaction.ts';
import { loadDoc, loadDocFrom, saveDoc } from '../../platform/settings/config-docs.ts';
import { acsOption43, dnsmasqOption43Lines, itmsConfig } from '../../platform/settings/itms-config.ts';
import type { SaveReply } from '../network/index.ts';
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
  const rows = await db
    .selectFrom('system_dhcp_host')
    .select(['id', 'mac', 'ip', 'hostname'])
    .where('site_id', '=', 0)
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
  const rows = await db
    .selectFrom('system_dns_host')
    .select(['host', 'ip'])
    .where('site_id', '=', 0)
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
  // tr069/Itms `dhcp_option43` (DOMAIN 2.5): its lines go into the DHCP file, and its sub-options
  // to the option-60 vendor classes of the DHCP settings.
  const itms = await itmsConfig(app);
  return {
    dhcp: renderDhcp(
      dhcp,
      subnet?.ok ? subnet : null,
      await staticLeases(db),
      dnsmasqOption43Lines(itms),
      acsOption43(itms),
    ),
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
  const msg = say(lang, 'dns.dnsmasqTestRefusedConfiguration', { output: test.output });
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
  if (!test.ran) msg = say(lang, 'dns.savedNotChecked');
  else if (reply.applied && !reply.note) msg = say(lang, 'dns.savedCheckedDnsmasqApplied');
  else if (reply.applied) msg = say(lang, 'dns.savedChecked', { note: reply.note });
  else if (!applyEnabled()) msg = say(lang, 'dns.savedCheckedDnsmasqFiles');
  else msg = say(lang, 'dns.savedChecked', { note: reply.note });
  return { reply, msg };
}

const reload = () => [{ file: 'systemctl', args: ['restart', 'dnsmasq'] }];

/** One writer of the dnsmasq files at a time: saves, applies, rollbacks and record writes. */
export function withDnsmasqLock<T>(fn: () => Promise<T>): Promise<T> {
  return withSetLock(LOCK, fn);
}

interface Prepared {
  contents: { dhcp: string; dns: string };
  test: TestResult;
}

/**
 * Renders both halves (`doc` for this one, else its stored settings; the other from what is
 * stored) through the context's database, and has dnsmasq check the pair. A refusal throws:
 * nothing has been written.
 */
async function prepareHalf(ctx: ActionContext, half: Half, doc?: DhcpDoc | DnsDoc): Promise<Prepared> {
  const { app } = ctx;
  const contents = await renderBoth(app, app.db.kysely, { [half]: doc } as { dhcp?: DhcpDoc; dns?: DnsDoc });
  const test = await testPair(app, contents);
  if (test.ran && !test.ok) throw refuse(ctx.lang, test);
  return { contents, test };
}

/** Writes the checked half (and stores its settings when given); the reply says what happened. */
async function writePrepared(
  ctx: ActionContext,
  half: Half,
  prepared: Prepared,
  doc?: DhcpDoc | DnsDoc,
): Promise<DnsmasqReply> {
  const { app } = ctx;
  const result = await writeSet(app, half, [{ path: FILE[half], content: prepared.contents[half] }], {
    reload,
  }).catch((e: unknown) => {
    // The disk, not the input: say which file and why, rather than an unexplained 5000.
    app.log.error({ err: e }, `writing ${FILE[half]} failed`);
    const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new ApiError(
      Code.unexpected,
      say(ctx.lang, 'dns.writingFailedNothingSaved', { file: FILE[half], why }),
    );
  });
  if (doc) await saveDoc(app, DOC[half], doc, ctx.caller?.user.username ?? '');
  const { reply, msg } = replyOf(app, result, prepared.test, ctx.lang);
  ctx.msg = msg;
  return reply;
}

/**
 * Writes one half: renders both halves (the other from what is stored), has dnsmasq check the
 * pair, and only then writes the half's file and stores its document.
 */
export async function writeHalf(
  ctx: ActionContext,
  half: Half,
  opts: { doc?: DhcpDoc | DnsDoc } = {},
): Promise<DnsmasqReply> {
  return withDnsmasqLock(async () =>
    writePrepared(ctx, half, await prepareHalf(ctx, half, opts.doc), opts.doc),
  );
}

/**
 * A write of static leases or host records (`write`: a generic resource call, or make_static)
 * and the regeneration of the half's file, as one step: the write runs in a transaction, the file
 * is rendered from what the transaction sees, checked by `dnsmasq --test`, written (and applied
 * where IGS_APPLY=1), and only then is the transaction committed. `skip` says when the call
 * changed nothing (an import's dry run or refused file): then no file is written.
 *
 * When dnsmasq refuses the result, or the file cannot be written, the record write is rolled back
 * and the call fails with the reason. The file is generated from the records, so keeping a record
 * the file cannot hold would leave a record that is stored but not served, and every later save
 * or apply of the page would be refused for it: the page could not get back to a working file
 * without first finding that record. Undoing it keeps the records and the file in agreement and
 * shows dnsmasq's message on the form that caused it, where it can be corrected.
 */
export async function writeWithRecords<C extends ActionContext, T>(
  ctx: C,
  half: Half,
  write: (tctx: C) => Promise<T>,
  opts: { skip?: (out: T) => boolean } = {},
): Promise<{ out: T; reply: DnsmasqReply | null }> {
  // The lock spans the commit: the next writer renders from records that include this write.
  return withDnsmasqLock(async () => {
    let touched = false;
    try {
      return await inCallTransaction(ctx, async (tctx) => {
        const out = await write(tctx);
        if (opts.skip?.(out)) return { out, reply: null };
        const prepared = await prepareHalf(tctx, half);
        touched = true;
        return { out, reply: await writePrepared(tctx, half, prepared) };
      });
    } catch (e) {
      // The file may hold records that were rolled back (the commit failed after it was written):
      // write it again from what is stored. Failing that, the page shows the file pending.
      if (touched)
        await prepareHalf(ctx, half)
          .then((p) => writePrepared(ctx, half, p))
          .catch((err: unknown) =>
            ctx.app.log.error({ err }, `rewriting ${FILE[half]} after a failed record write failed`),
          );
      throw e;
    }
  });
}

/**
 * Puts back the previous settings of one half and writes its file from them and the current
 * records (checked by dnsmasq first); null when there are none. The file is rendered rather than
 * restored: record writes rewrite it too, so the file it replaced may lack records still stored.
 */
export async function rollbackHalf(ctx: ActionContext, half: Half): Promise<DnsmasqReply | null> {
  const { app } = ctx;
  return withDnsmasqLock(async () => {
    const stored = await loadDoc<DhcpDoc | DnsDoc>(app, DOC[half]);
    if (!stored.previous) return null;
    const doc =
      half === 'dhcp'
        ? { ...defaultDhcp(app.config.dataDir), ...(stored.previous as DhcpDoc) }
        : { ...DEFAULT_DNS, ...(stored.previous as DnsDoc) };
    // Storing it makes the current settings the previous ones: rolling back twice undoes it.
    return writePrepared(ctx, half, await prepareHalf(ctx, half, doc), doc);
  });
}

/**
 * Whether the running dnsmasq reads the written file:
 * - off: IGS_APPLY is not 1, so files are written under the data directory only and putting them
 *   in place (and restarting dnsmasq) is left to the deployment;
 * - in_place: the copy in /etc (under IGS_APPLY_ROOT) is the written file;
 * - stale: IGS_APPLY=1 but that copy differs (copying it failed): apply copies it again.
 */
export type ApplyState = 'off' | 'in_place' | 'stale';

export interface HalfStatus {
  path: string;
  written: boolean;
  /**
   * Apply would change something: the file no longer matches the stored settings and records, or
   * (IGS_APPLY=1) the copy in /etc differs. Record writes rewrite the file, so they never leave it
   * pending; what does is a change made elsewhere: network settings that move the DHCP subnet, a
   * restored backup, a file write that failed after the records were stored.
   */
  pending: boolean;
  applied: ApplyState;
  can_rollback: boolean;
  test: { ran: boolean; ok: boolean; output: string };
}

async function applyState(half: Half, onDisk: string | null): Promise<ApplyState> {
  if (!applyEnabled()) return 'off';
  const copy = await fs.readFile(path.join(applyRoot(), 'etc', FILE[half]), 'utf8').catch(() => null);
  return onDisk !== null && copy === onDisk ? 'in_place' : 'stale';
}

/** The state of one half's file: written, up to date, in place, and whether dnsmasq accepts the pair. */
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
  const applied = await applyState(half, onDisk);
  return {
    path: path.join(etcDir(app), FILE[half]),
    written: onDisk !== null,
    pending: onDisk !== fresh[half] || applied === 'stale',
    applied,
    can_rollback: Boolean(stored.previous),
    test: { ran: test.ran, ok: test.ok, output: test.output },
  };
}
