import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { buildPackage } from '../src/features/upgrade/package.ts';
import { readSmallFile } from '../src/platform/files/index.ts';
import { readTar, writeTar } from '../src/platform/lib/tar.ts';
import { generateKeyPair, packageStatement, signBytes } from '../src/platform/licence/signing.ts';
import { signedInAs } from './support/accounts.ts';
import { rawTarEntry } from './support/backup-archives.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

const UPGRADE = '/admin.php/authorise/upgrade';
const BACKUP = '/admin.php/system/backup_restore';

const vendor = generateKeyPair();
const stranger = generateKeyPair();

type Pkg = {
  id: number;
  version: string;
  build: string;
  state: string;
  signature: string;
  changelog: string;
  sha256: string;
  size: number;
  message: string;
  newer: boolean;
  files?: { path: string; size: number; sha256: string }[];
};

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-upgrade-test-'));

async function makePackage(
  version: string,
  key = vendor.privateKey,
  extra: Record<string, string> = {},
): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(tmp, 'src-'));
  fs.mkdirSync(path.join(dir, 'apps/server/src'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'apps/server/src/main.ts'), `console.log('gateway ${version}');\n`);
  fs.writeFileSync(path.join(dir, 'VERSION'), `${version}\n`);
  for (const [name, text] of Object.entries(extra)) fs.writeFileSync(path.join(dir, name), text);
  const out = path.join(tmp, `pkg-${version}-${Math.random().toString(36).slice(2)}.tar.gz`);
  await buildPackage({
    privateKeyPem: key,
    sourceDir: dir,
    version,
    build: `b-${version}`,
    changelog: `Version ${version}\n- faster\n`,
    outFile: out,
  });
  return fs.readFileSync(out);
}

async function entriesOf(archive: Buffer): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  await readTar(
    (async function* () {
      yield gunzipSync(archive);
    })(),
    async (e, body) => {
      const parts: Buffer[] = [];
      for await (const c of body) parts.push(c);
      out.set(e.name, Buffer.concat(parts));
    },
  );
  return out;
}

async function tarOf(entries: [string, Buffer][]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of writeTar(
    entries.map(([name, data]) => ({
      name,
      size: data.length,
      body: async function* () {
        yield data;
      },
    })),
  ))
    chunks.push(c);
  return Buffer.concat(chunks);
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describeEachDb('upgrade packages', (kind) => {
  let s: TestServer;
  let token: string;
  const call = <T = unknown>(b: Record<string, unknown>, t = token) => s.call<T>(UPGRADE, b, { token: t });
  const upload = async (data: Buffer, name = 'igs-gateway.tar.gz') => {
    const fd = new FormData();
    fd.append('kind', 'firmware');
    fd.append('file', new Blob([new Uint8Array(data)]), name);
    const r = await s.call<{ id: string }>('/admin.php/common/upload', fd, { token });
    expect(r.code, r.msg).toBe(200);
    return r.data.id;
  };
  const add = async (data: Buffer) => call<Pkg>({ method: 'add', file: await upload(data) });
  const total = async () => (await call<{ total: number }>({ method: 'list' })).data.total;
  /** Packages in the file store (with the local store, the data folder's upgrades/). */
  const storedFiles = async () =>
    (await s.app.files.list('upgrades/')).map((f) => f.key.slice('upgrades/'.length));
  /** Work folders a verification leaves on this instance's disk (none once it is done). */
  const workFolders = () =>
    fs.existsSync(path.join(s.dataDir, 'upgrades'))
      ? fs.readdirSync(path.join(s.dataDir, 'upgrades')).filter((f) => f.startsWith('.'))
      : [];

  beforeAll(async () => {
    s = await startServer(kind, { vendorPublicKey: vendor.publicKey });
    token = await s.login();
  });
  afterAll(async () => s.close());
  afterEach(() => {
    delete process.env.IGS_APPLY;
  });

  it('shows the running version and build, and that applying is off here', async () => {
    const r = await call({ method: 'detail' });
    expect(r.data).toMatchObject({ version: '0.1.0', apply_enabled: false, current_release: '' });
    expect(typeof (r.data as { build: string }).build).toBe('string');
  });

  it('verifies a signed package and reports what it would install', async () => {
    const r = await add(await makePackage('0.2.0'));
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({
      version: '0.2.0',
      build: 'b-0.2.0',
      state: 'verified',
      signature: 'valid',
      changelog: 'Version 0.2.0\n- faster\n',
      newer: true,
    });
    expect(r.data.files!.map((f) => f.path).sort()).toEqual(['VERSION', 'apps/server/src/main.ts']);
    expect(r.data.files!.find((f) => f.path === 'VERSION')).toEqual({
      path: 'VERSION',
      size: 6,
      sha256: sha(Buffer.from('0.2.0\n')),
    });
    const d = await call<Pkg>({ method: 'detail', id: r.data.id });
    expect(d.data.files).toHaveLength(2);
    // The uploaded file left the uploads store for the upgrades folder.
    expect(await storedFiles()).toHaveLength(1);
  });

  it('refuses unsigned, foreign-signed, tampered and unsafe packages and keeps none of them', async () => {
    const n = await total();
    const good = await entriesOf(await makePackage('0.3.0'));

    const unsigned = gzipSync(await tarOf([...good].filter(([name]) => name !== 'signature.sig')));
    expect(await add(unsigned)).toMatchObject({
      code: 422,
      msg: 'The package is not signed (no signature.sig): refused',
    });

    expect((await add(await makePackage('0.3.0', stranger.privateKey))).msg).toBe(
      'The package signature is not valid: it was not signed by the vendor, or its content was altered',
    );

    // Payload altered after signing (a file swapped inside it): the signature no longer covers it.
    const payload = await entriesOf(good.get('payload.tar.gz')!);
    payload.set('apps/server/src/main.ts', Buffer.from('process.exit(1)\n'));
    const altered = new Map(good);
    altered.set('payload.tar.gz', gzipSync(await tarOf([...payload])));
    expect((await add(gzipSync(await tarOf([...altered])))).msg).toMatch(
      /^The package signature is not valid/,
    );

    // Manifest altered (another changelog): refused the same way.
    const manifest = JSON.parse(good.get('manifest.json')!.toString());
    const edited = new Map(good);
    edited.set('manifest.json', Buffer.from(JSON.stringify({ ...manifest, changelog: 'nothing to see' })));
    expect((await add(gzipSync(await tarOf([...edited])))).msg).toMatch(
      /^The package signature is not valid/,
    );

    // Signed by the vendor but holding a path that climbs out: refused all the same.
    const evilPayload = gzipSync(rawTarEntry('../../etc/cron.d/x', Buffer.from('* * * * * root id\n')));
    const evilManifest = Buffer.from(
      JSON.stringify({
        ...manifest,
        payload: { size: evilPayload.length, sha256: sha(evilPayload) },
        files: [{ path: '../../etc/cron.d/x', size: 18, sha256: sha(Buffer.from('* * * * * root id\n')) }],
      }),
    );
    const evilSig = Buffer.from(
      signBytes(vendor.privateKey, packageStatement(sha(evilManifest), sha(evilPayload))),
    );
    const evil = gzipSync(
      await tarOf([
        ['manifest.json', evilManifest],
        ['payload.tar.gz', evilPayload],
        ['signature.sig', evilSig],
      ]),
    );
    expect((await add(evil)).msg).toMatch(
      /^The payload: The archive holds an unsafe path: "\.\.\/\.\.\/etc\/cron\.d\/x"/,
    );

    const extraEntry = gzipSync(await tarOf([...good, ['install.sh', Buffer.from('rm -rf /\n')]]));
    expect((await add(extraEntry)).msg).toMatch(/unexpected entry "install\.sh"/);
    expect((await add(Buffer.from([0x1f, 0x8b, 1, 2, 3, 4, 5]))).code).toBe(422);

    const zh = await s.call(
      UPGRADE,
      { method: 'add', file: await upload(unsigned) },
      { token, headers: { cookie: 'language=zh_CN' } },
    );
    expect(zh.msg).toBe('升级包没有签名（缺少 signature.sig），已拒绝');

    expect(await total()).toBe(n);
    expect(await storedFiles()).toHaveLength(n);
    expect(workFolders()).toEqual([]);
    expect(fs.existsSync(path.join(s.dataDir, 'releases'))).toBe(false);
  });

  it('applies only with IGS_APPLY=1: otherwise verified, not applied on this host', async () => {
    const p = (await add(await makePackage('0.4.0'))).data;
    const r = await call({ method: 'apply', id: p.id });
    expect(r).toMatchObject({
      code: 503,
      msg: 'Package 0.4.0 is verified, not applied on this host: applying upgrades needs IGS_APPLY=1',
    });
    expect((await call<Pkg>({ method: 'detail', id: p.id })).data.state).toBe('verified');
    expect(fs.existsSync(path.join(s.dataDir, 'releases'))).toBe(false);
    expect((await call({ method: 'rollback' })).code).toBe(503);
  });

  it('with IGS_APPLY=1: a pre_upgrade backup, releases/<version> current, then rollback', async () => {
    process.env.IGS_APPLY = '1';
    const a = (await add(await makePackage('0.5.0'))).data;
    const r = await call<Pkg & { pre_upgrade_backup_id: number; restarting: boolean }>({
      method: 'apply',
      id: a.id,
    });
    expect(r.code, r.msg).toBe(200);
    expect(r.msg).toBe('Release 0.5.0 is current; restart the service to run it');
    expect(r.data).toMatchObject({ state: 'applied', restarting: false });
    const rel = path.join(s.dataDir, 'releases');
    expect(fs.readlinkSync(path.join(rel, 'current'))).toBe('0.5.0');
    expect(fs.readFileSync(path.join(rel, 'current', 'apps/server/src/main.ts'), 'utf8')).toBe(
      "console.log('gateway 0.5.0');\n",
    );
    const backups = await s.call<{ list: { id: number; type: string; note: string }[] }>(
      BACKUP,
      { method: 'list' },
      { token },
    );
    expect(backups.data.list.find((b) => b.id === r.data.pre_upgrade_backup_id)).toMatchObject({
      type: 'pre_upgrade',
      note: 'before upgrade to 0.5.0',
    });

    const b = (await add(await makePackage('0.6.0'))).data;
    expect((await call({ method: 'apply', id: b.id })).code).toBe(200);
    expect(fs.readlinkSync(path.join(rel, 'current'))).toBe('0.6.0');
    expect(fs.readlinkSync(path.join(rel, 'previous'))).toBe('0.5.0');
    expect((await call<Pkg>({ method: 'detail', id: a.id })).data.state).toBe('verified');
    const info = await call<{ current_release: string; previous_release: string; apply_enabled: boolean }>({
      method: 'detail',
    });
    expect(info.data).toMatchObject({
      current_release: '0.6.0',
      previous_release: '0.5.0',
      apply_enabled: true,
    });

    const back = await call<{ current: string }>({ method: 'rollback' });
    expect(back.code, back.msg).toBe(200);
    expect(back.data.current).toBe('0.5.0');
    expect(fs.readlinkSync(path.join(rel, 'current'))).toBe('0.5.0');
    expect((await call<Pkg>({ method: 'detail', id: a.id })).data.state).toBe('applied');
    expect((await call<Pkg>({ method: 'detail', id: b.id })).data.state).toBe('verified');
  });

  it('verify finds a stored package altered on disk: failed, invalid, and apply refused', async () => {
    process.env.IGS_APPLY = '1';
    const p = (await add(await makePackage('0.7.0'))).data;
    const row = await s.app.db.kysely
      .selectFrom('upgrade_packages')
      .select('stored')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    // Altered where it is kept (the data folder, or the shared store with PostgreSQL).
    const file = `upgrades/${row.stored}`;
    const entries = await entriesOf(await readSmallFile(s.app.files, file, 64 * 1024 * 1024));
    const payload = await entriesOf(entries.get('payload.tar.gz')!);
    payload.set('VERSION', Buffer.from('9.9.9\n'));
    entries.set('payload.tar.gz', gzipSync(await tarOf([...payload])));
    await s.app.files.put(file, gzipSync(await tarOf([...entries])));
    const v = await call({ method: 'verify', id: p.id });
    expect(v.code).toBe(422);
    const d = (await call<Pkg>({ method: 'detail', id: p.id })).data;
    expect(d).toMatchObject({ state: 'failed', signature: 'invalid' });
    expect(d.message).toMatch(/^The package signature is not valid/);
    expect((await call({ method: 'apply', id: p.id })).msg).toBe('Package 0.7.0 is failed: verify it first');
    expect(fs.existsSync(path.join(s.dataDir, 'releases', '0.7.0'))).toBe(false);
    expect((await call({ method: 'del', ids: [p.id] })).data).toEqual({ deleted: 1 });
    expect(await s.app.files.stat(file)).toBeNull();
  });

  it('each verb needs its button', async () => {
    const reader = await signedInAs(s, 'upreader', { name: 'upgrade_reader', endpoints: [UPGRADE] });
    expect((await call({ method: 'list' }, reader)).code).toBe(200);
    for (const [body, key] of [
      [{ method: 'add', file: '00000000-0000-0000-0000-000000000000' }, 'add'],
      [{ method: 'verify', id: 1 }, 'verify'],
      [{ method: 'apply', id: 1 }, 'apply'],
      [{ method: 'rollback' }, 'rollback'],
      [{ method: 'del', ids: [1] }, 'del'],
    ] as const) {
      const r = await call(body, reader);
      expect(r.code).toBe(403);
      expect(r.msg).toContain(`authorise:upgrade:${key}`);
    }
  });
});
