import { createHmac } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { deviceSecret } from '../../src/platform/auth/device-secrets.ts';
import { readTar, writeTar } from '../../src/platform/lib/tar.ts';
import type { TestServer } from './server.ts';

/** Backup archives in tests: upload, download, take apart, put together, sign as a gateway would. */

const BACKUP = '/admin.php/system/backup_restore';

export async function uploadArchive(
  s: TestServer,
  token: string,
  data: Buffer,
  name = 'backup.tar.gz',
): Promise<string> {
  const fd = new FormData();
  fd.append('kind', 'firmware');
  fd.append('file', new Blob([new Uint8Array(data)]), name);
  const r = await s.call<{ id: string }>('/admin.php/common/upload', fd, { token });
  expect(r.code, r.msg).toBe(200);
  return r.data.id;
}

export async function download(s: TestServer, token: string, id: number): Promise<Buffer> {
  const r = await s.call<{ url: string }>(BACKUP, { method: 'export', id }, { token });
  expect(r.code, r.msg).toBe(200);
  const res = await fetch(s.url + r.data.url);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** An archive's entries in memory (tests only: small archives). */
export async function entriesOf(archive: Buffer): Promise<Map<string, Buffer>> {
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

export async function pack(entries: Map<string, Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of writeTar(
    [...entries].map(([name, data]) => ({
      name,
      size: data.length,
      body: async function* () {
        yield data;
      },
    })),
  ))
    chunks.push(c);
  return gzipSync(Buffer.concat(chunks));
}

/** A tar of one entry under any name (the writer refuses unsafe names; an attacker would not). */
export function rawTarEntry(name: string, data: Buffer): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, 100, 'utf8');
  h.write('0000644\0', 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
  h.write('00000000000\0', 136);
  h.fill(0x20, 148, 156);
  h.write('0', 156);
  h.write('ustar\0', 257);
  h.write('00', 263);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  const pad = Buffer.alloc((512 - (data.length % 512)) % 512);
  return Buffer.concat([h, data, pad, Buffer.alloc(1024)]);
}

/** The same, gzipped as a backup archive is. */
export const rawTarWithName = (name: string, data: Buffer): Buffer => gzipSync(rawTarEntry(name, data));

/**
 * Signs an archive's manifest with a server's own backup key, as that gateway would have: for
 * tests of the checks behind the signature (a newer schema, an unknown table).
 */
export async function resign(s: TestServer, entries: Map<string, Buffer>): Promise<Map<string, Buffer>> {
  const sig = JSON.parse(entries.get('manifest.sig')!.toString('utf8')) as Record<string, string>;
  const hmac = createHmac('sha256', await deviceSecret(s.app, 'backup-archives'))
    .update(entries.get('manifest.json')!)
    .digest('hex');
  const out = new Map(entries);
  out.set('manifest.sig', Buffer.from(JSON.stringify({ ...sig, hmac })));
  return out;
}
