import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAutoBackup } from '../src/features/backup/backups.ts';
import { issueLicence } from '../src/features/licence/issue.ts';
import { deviceSecret } from '../src/platform/auth/device-secrets.ts';
import { generateKeyPair } from '../src/platform/licence/signing.ts';
import { type LocalS3, startLocalS3 } from './support/s3-server.ts';
import { type Fleet, startInstances, type TestServer } from './support/server.ts';

/**
 * Two instances over one PostgreSQL share every file (issue 17 point 4): uploads, exports,
 * backups and the licence go through the file store, PostgreSQL itself by default, and the keys
 * that must be one per deployment are made once even when the instances start together.
 */

const UPLOAD = '/admin.php/common/upload';
const BACKUP = '/admin.php/system/backup_restore';
const LOGGING = '/admin.php/system/logging';
const LICENCE = '/admin.php/authorise/license';
const vendor = generateKeyPair();

// A 320×240 PNG header and some body: enough for the image kind's content check.
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d4948445200000140000000f00806000000', 'hex'),
  Buffer.alloc(4000, 7),
]);

async function upload(s: TestServer, token: string, data: Buffer, name: string) {
  const fd = new FormData();
  fd.append('kind', 'image');
  fd.append('file', new Blob([new Uint8Array(data)]), name);
  const r = await s.call<{ id: string; url: string }>(UPLOAD, fd, { token });
  expect(r.code, r.msg).toBe(200);
  return r.data;
}

async function bytesOf(res: Response): Promise<Buffer> {
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('two instances over one PostgreSQL share their files', () => {
  let fleet: Fleet;
  let a: TestServer;
  let b: TestServer;
  let tokenA: string;
  let tokenB: string;
  beforeAll(async () => {
    // Started together: both make the deployment's keys at the same moment on a fresh database.
    fleet = await startInstances(2, { vendorPublicKey: vendor.publicKey }, {}, { together: true });
    [a, b] = fleet.instances as [TestServer, TestServer];
    tokenA = await a.login();
    tokenB = await b.login();
  }, 120_000);
  afterAll(async () => fleet?.close(), 60_000);

  it('keeps its files in PostgreSQL, not on either instance’s disk', () => {
    expect(a.app.files.kind).toBe('database');
    expect(b.app.files.kind).toBe('database');
  });

  it('agrees on the file-link key after a concurrent start, so a link made by one opens on the other', async () => {
    expect((await deviceSecret(a.app, 'file-links')).equals(await deviceSecret(b.app, 'file-links'))).toBe(
      true,
    );
    expect(
      (await deviceSecret(a.app, 'backup-archives')).equals(await deviceSecret(b.app, 'backup-archives')),
    ).toBe(true);
    const up = await upload(b, tokenB, PNG, 'from-b.png');
    // The signed link b handed out, opened through a without a session.
    expect(sha(await bytesOf(await fetch(a.url + up.url)))).toBe(sha(PNG));
  });

  it('a file uploaded through one instance downloads through the other', async () => {
    const body = Buffer.concat([PNG, Buffer.from('lobby poster')]);
    const up = await upload(a, tokenA, body, 'lobby.png');
    expect(sha(await bytesOf(await fetch(b.url + up.url)))).toBe(sha(body));
    // And through b's own fresh link, with b's session.
    const res = await fetch(`${b.url}/admin.php/common/file/${up.id}`, { headers: { IGSAuth: tokenB } });
    expect(sha(await bytesOf(res))).toBe(sha(body));
  });

  it('an export made on one instance is fetched through the other, once', async () => {
    const r = await a.call<{ url: string }>(LOGGING, { method: 'export' }, { token: tokenA });
    expect(r.code, r.msg).toBe(200);
    const csv = (await bytesOf(await fetch(b.url + r.data.url))).toString('utf8');
    expect(csv.length).toBeGreaterThan(0);
    // Single use whichever instance is asked next.
    expect((await fetch(a.url + r.data.url)).status).toBe(404);
    // Removed from the store once served (after the reply's stream closed: waited for, bounded).
    await vi.waitFor(async () => expect(await a.app.files.list('exports/')).toEqual([]), { timeout: 5000 });
  });

  it('a backup made by the scheduler on either instance is listed and restorable from both', async () => {
    const poster = await upload(
      a,
      tokenA,
      Buffer.concat([PNG, Buffer.from('kept by the backup')]),
      'kept.png',
    );
    const fromA = (await runAutoBackup(a.app)).backup;
    const fromB = (await runAutoBackup(b.app)).backup;
    for (const [s, token] of [
      [a, tokenA],
      [b, tokenB],
    ] as const) {
      const list = await s.call<{ list: { id: number }[] }>(BACKUP, { method: 'list' }, { token });
      expect(list.data.list.map((x) => x.id)).toEqual(expect.arrayContaining([fromA.id, fromB.id]));
    }
    // The upload goes after the backup; restoring a's backup through b brings it back for both.
    await a.app.db.kysely.deleteFrom('uploads').where('id', '=', poster.id).execute();
    await a.app.files.delete(`uploads/files/${poster.id}.png`);
    const restored = await b.call<{ files: number }>(
      BACKUP,
      { method: 'restore', id: fromA.id },
      { token: tokenB },
    );
    expect(restored.code, restored.msg).toBe(200);
    tokenA = await a.login();
    tokenB = await b.login();
    const res = await fetch(`${a.url}/admin.php/common/file/${poster.id}`, { headers: { IGSAuth: tokenA } });
    expect((await bytesOf(res)).subarray(-18).toString()).toBe('kept by the backup');
    // b's backup, restored through a.
    const back = await a.call(BACKUP, { method: 'restore', id: fromB.id }, { token: tokenA });
    expect(back.code, back.msg).toBe(200);
    tokenA = await a.login();
    tokenB = await b.login();
    // A backup's archive downloads through the instance that did not make it.
    const link = await b.call<{ url: string }>(BACKUP, { method: 'export', id: fromA.id }, { token: tokenB });
    expect(link.code, link.msg).toBe(200);
    const archive = await bytesOf(await fetch(a.url + link.data.url));
    expect(sha(archive)).toBe(fromA.sha256);
    // The archive stays after its download.
    expect(
      await a.app.files.stat(
        `backups/${(await a.app.db.kysely.selectFrom('backups').select('stored').where('id', '=', fromA.id).executeTakeFirstOrThrow()).stored}`,
      ),
    ).not.toBeNull();
  }, 120_000);

  it('a licence installed through one instance is the one the other reads', async () => {
    const machine = (
      await a.call<{ this_machine_code: string }>(LICENCE, { method: 'detail' }, { token: tokenA })
    ).data.this_machine_code;
    const day = 86_400_000;
    const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const licence = issueLicence(
      {
        product: 'igs-gateway',
        serial_no: 'SN-FLEET-1',
        machine_code: machine,
        customer: 'Fleet Hotel',
        issued_at: ymd(Date.now()),
        expires_at: ymd(Date.now() + 365 * day),
        limits: { terminals: 100, extensions: 50, aps: 10, cpes: 10, channels: 2, sites: 1 },
        modules: ['media', 'smart'],
      },
      vendor.privateKey,
    );
    const r = await a.call(
      LICENCE,
      { method: 'import', content: JSON.stringify(licence) },
      { token: tokenA },
    );
    expect(r.code, r.msg).toBe(200);
    // Whatever b had cached (cache coherence is tested on its own): b reads the shared file.
    b.app.caches.get('licence')?.clear();
    const d = await b.call<{ state: string; serial_no: string }>(
      LICENCE,
      { method: 'detail' },
      { token: tokenB },
    );
    expect(d.data).toMatchObject({ state: 'valid', serial_no: 'SN-FLEET-1' });
  });
});

describe('two instances over one S3-compatible store (FILE_STORE=s3)', () => {
  let s3: LocalS3;
  let fleet: Fleet;
  beforeAll(async () => {
    s3 = await startLocalS3();
    fleet = await startInstances(2, { files: { kind: 's3', s3: s3.settings } });
  }, 120_000);
  afterAll(async () => {
    await fleet?.close();
    await s3?.close();
  }, 60_000);

  it('an upload through one is served by the other, an export likewise, and both list the same backups', async () => {
    const [a, b] = fleet.instances as [TestServer, TestServer];
    expect(a.app.files.kind).toBe('s3');
    const [tokenA, tokenB] = [await a.login(), await b.login()];
    const body = Buffer.concat([PNG, Buffer.from('in the bucket')]);
    const up = await upload(a, tokenA, body, 'bucket.png');
    expect(sha(await bytesOf(await fetch(b.url + up.url)))).toBe(sha(body));
    const r = await b.call<{ url: string }>(LOGGING, { method: 'export' }, { token: tokenB });
    expect((await bytesOf(await fetch(a.url + r.data.url))).length).toBeGreaterThan(0);
    const made = (await runAutoBackup(b.app)).backup;
    const list = await a.call<{ list: { id: number }[] }>(BACKUP, { method: 'list' }, { token: tokenA });
    expect(list.data.list.map((x) => x.id)).toContain(made.id);
    const keys = (await a.app.files.list('')).map((f) => f.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^uploads\/files\//),
        expect.stringMatching(/^backups\//),
      ]),
    );
  }, 120_000);
});
