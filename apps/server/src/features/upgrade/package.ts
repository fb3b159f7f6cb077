import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { type Localized, texts } from '@igs/contract';
import { z } from 'zod';
import { readTar, TarError, type TarSource, writeTar } from '../../platform/lib/tar.ts';
import { PRODUCT } from '../../platform/licence/licence.ts';
import { packageStatement, signBytes, verifyBytes } from '../../platform/licence/signing.ts';

/**
 * Upgrade packages (DOMAIN authorise/Upgrade). A package is a gzip'd tar of exactly three entries:
 * - `manifest.json`: product, version, build, changelog, and the size and SHA-256 of the payload
 *   and of every file in it;
 * - `payload.tar.gz`: the files of the release;
 * - `signature.sig`: the vendor's Ed25519 signature (base64) over
 *   `packageStatement(sha256(manifest.json), sha256(payload.tar.gz))` (platform/licence/signing.ts).
 * Built by tools/sign-package.ts (`buildPackage` below); checked by `verifyPackage` before anything
 * is recorded or installed. This module has no server imports, so the tool can load it.
 */

export const PACKAGE_FORMAT = 'igs-upgrade-v1';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

export const UpgradeManifest = z.object({
  format: z.literal(PACKAGE_FORMAT),
  product: z.string(),
  version: z.string().regex(/^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]{1,40})?$/, 'must be a version like 1.2.3'),
  build: z.string().max(64),
  changelog: z.string().max(100_000),
  created_at: z.string().max(32),
  payload: z.object({ size: z.number().int().min(0), sha256: hex64 }),
  files: z
    .array(z.object({ path: z.string().max(255), size: z.number().int().min(0), sha256: hex64 }))
    .max(100_000),
});
export type UpgradeManifest = z.infer<typeof UpgradeManifest>;

export type Text = Localized;

export class PackageRefusal extends Error {
  readonly text: Text;
  constructor(text: Text) {
    super(text.en);
    this.text = text;
  }
}

const refuse = (text: Localized) => new PackageRefusal(text);

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

async function* tapping(
  source: AsyncIterable<Uint8Array>,
  into: { hash: ReturnType<typeof createHash>; size: number },
): AsyncGenerator<Uint8Array> {
  for await (const c of source) {
    into.hash.update(c);
    into.size += c.length;
    yield c;
  }
}

/** Regular files under a folder, relative, sorted; links and dot-folders of tools are kept out. */
async function walk(root: string): Promise<string[]> {
  const out: string[] = [];
  const go = async (rel: string) => {
    const entries = await fs.readdir(path.join(root, rel), { withFileTypes: true });
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await go(child);
      else if (e.isFile()) out.push(child);
    }
  };
  await go('');
  return out;
}

export interface BuildOptions {
  privateKeyPem: string;
  sourceDir: string;
  version: string;
  build?: string;
  changelog?: string;
  outFile: string;
  now?: Date;
}

/** Builds and signs a package from a folder of release files (the vendor side). */
export async function buildPackage(opts: BuildOptions): Promise<UpgradeManifest> {
  const work = `${opts.outFile}.${randomUUID()}.work`;
  await fs.mkdir(work, { recursive: true });
  try {
    const rels = await walk(opts.sourceDir);
    const files: UpgradeManifest['files'] = [];
    async function* payloadEntries(): AsyncGenerator<TarSource> {
      for (const rel of rels) {
        const abs = path.join(opts.sourceDir, rel);
        const st = await fs.stat(abs);
        const tap = { hash: createHash('sha256'), size: 0 };
        yield {
          name: rel,
          size: st.size,
          mtimeMs: st.mtimeMs,
          body: () => tapping(createReadStream(abs), tap),
        };
        files.push({ path: rel, size: st.size, sha256: tap.hash.digest('hex') });
      }
    }
    const payloadFile = path.join(work, 'payload.tar.gz');
    const payloadTap = { hash: createHash('sha256'), size: 0 };
    await pipeline(
      Readable.from(writeTar(payloadEntries())),
      createGzip({ level: 9 }),
      (src: AsyncIterable<Uint8Array>) => tapping(src, payloadTap),
      createWriteStream(payloadFile),
    );
    const manifest: UpgradeManifest = {
      format: PACKAGE_FORMAT,
      product: PRODUCT,
      version: opts.version,
      build: opts.build ?? '',
      changelog: opts.changelog ?? '',
      created_at: (opts.now ?? new Date()).toISOString(),
      payload: { size: payloadTap.size, sha256: payloadTap.hash.digest('hex') },
      files,
    };
    const parsed = UpgradeManifest.safeParse(manifest);
    if (!parsed.success)
      throw new Error(
        `manifest: ${parsed.error.issues[0]!.path.join('.')} ${parsed.error.issues[0]!.message}`,
      );
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`, 'utf8');
    const signature = Buffer.from(
      `${signBytes(opts.privateKeyPem, packageStatement(sha256(manifestBytes), manifest.payload.sha256))}\n`,
    );
    const once = (b: Buffer) =>
      async function* () {
        yield b;
      };
    await pipeline(
      Readable.from(
        writeTar([
          { name: 'manifest.json', size: manifestBytes.length, body: once(manifestBytes) },
          { name: 'payload.tar.gz', size: payloadTap.size, body: () => createReadStream(payloadFile) },
          { name: 'signature.sig', size: signature.length, body: once(signature) },
        ]),
      ),
      createGzip({ level: 1 }),
      createWriteStream(opts.outFile),
    );
    return manifest;
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

export interface VerifiedPackage {
  manifest: UpgradeManifest;
  size: number;
  sha256: string;
}

const SMALL_MAX = 4 * 1024 * 1024;

/** Reads a tar.gz file entry by entry; a stream error becomes a refusal naming the damage. */
async function eachEntry(
  file: string,
  onEntry: Parameters<typeof readTar>[1],
  what: Localized,
): Promise<void> {
  try {
    await pipeline(createReadStream(file), createGunzip(), (src: AsyncIterable<Uint8Array>) =>
      readTar(src, onEntry),
    );
  } catch (e) {
    if (e instanceof PackageRefusal) throw e;
    if (e instanceof TarError) throw refuse(texts('upgrade.tarProblem', { what, message: e.message }));
    const code = (e as { code?: string }).code ?? '';
    if (code.startsWith('Z_') || /header|truncated|end of file/i.test((e as Error).message))
      throw refuse(texts('upgrade.damaged', { what, message: (e as Error).message }));
    throw e;
  }
}

/**
 * Checks a package completely: structure, signature (against `publicKeyPem`), payload checksum,
 * and that the payload holds exactly the files the manifest lists with their sizes and hashes,
 * under safe names.
 */
export async function verifyPackage(
  file: string,
  publicKeyPem: string,
  workDir: string,
): Promise<VerifiedPackage> {
  await fs.mkdir(workDir, { recursive: true });
  const payloadFile = path.join(workDir, 'payload.tar.gz');
  let manifestBytes: Buffer | null = null;
  let signature: string | null = null;
  let payloadSha: string | null = null;
  let payloadSize = 0;
  const whole = { hash: createHash('sha256'), size: 0 };
  const outer = texts('upgrade.thePackage');
  const seen = new Set<string>();
  try {
    await pipeline(
      createReadStream(file),
      (src: AsyncIterable<Uint8Array>) => tapping(src, whole),
      async (s: AsyncIterable<Uint8Array>) => {
        for await (const _ of s);
      },
    );
    await eachEntry(
      file,
      async (entry, body) => {
        if (entry.type === 'directory') return;
        if (seen.has(entry.name))
          throw refuse(texts('upgrade.entryTwice', { what: outer, name: entry.name }));
        seen.add(entry.name);
        const small = async () => {
          if (entry.size > SMALL_MAX)
            throw refuse(texts('upgrade.entryTooLarge', { what: outer, name: entry.name }));
          const parts: Buffer[] = [];
          for await (const c of body) parts.push(c);
          return Buffer.concat(parts);
        };
        if (entry.name === 'manifest.json') manifestBytes = await small();
        else if (entry.name === 'signature.sig') signature = (await small()).toString('utf8').trim();
        else if (entry.name === 'payload.tar.gz') {
          const tap = { hash: createHash('sha256'), size: 0 };
          await pipeline(tapping(body, tap), createWriteStream(payloadFile));
          payloadSha = tap.hash.digest('hex');
          payloadSize = tap.size;
        } else
          throw refuse(texts('upgrade.unexpectedEntry', { what: outer, name: entry.name.slice(0, 200) }));
      },
      outer,
    );
    if (!signature) throw refuse(texts('upgrade.packageNotSignedNo'));
    if (!manifestBytes || payloadSha === null) throw refuse(texts('upgrade.packageLacksManifestJson'));
    if (!verifyBytes(publicKeyPem, packageStatement(sha256(manifestBytes), payloadSha), signature))
      throw refuse(texts('upgrade.packageSignatureNotValid'));
    let json: unknown;
    try {
      json = JSON.parse((manifestBytes as Buffer).toString('utf8'));
    } catch {
      throw refuse(texts('upgrade.packageManifestNotJson'));
    }
    const parsed = UpgradeManifest.safeParse(json);
    if (!parsed.success) {
      const i = parsed.error.issues[0]!;
      throw refuse(texts('upgrade.packageManifestInvalid', { path: i.path.join('.'), message: i.message }));
    }
    const manifest = parsed.data;
    if (manifest.product !== PRODUCT)
      throw refuse(texts('upgrade.otherProduct', { product: manifest.product, ours: PRODUCT }));
    if (manifest.payload.sha256 !== payloadSha || manifest.payload.size !== payloadSize)
      throw refuse(texts('upgrade.payloadDoesNotMatch'));

    // The payload: exactly the listed files, each with its size and hash, under safe names.
    const listed = new Map(manifest.files.map((f) => [f.path, f]));
    if (listed.size !== manifest.files.length) throw refuse(texts('upgrade.manifestListsFileTwice'));
    const found = new Set<string>();
    await eachEntry(
      payloadFile,
      async (entry, body) => {
        if (entry.type === 'directory') return;
        const want = listed.get(entry.name);
        if (!want || found.has(entry.name))
          throw refuse(texts('upgrade.payloadHoldsManifestDoes', { name: entry.name }));
        const tap = { hash: createHash('sha256'), size: 0 };
        for await (const _ of tapping(body, tap));
        if (tap.size !== want.size || tap.hash.digest('hex') !== want.sha256)
          throw refuse(texts('upgrade.payloadFailsChecksum', { name: entry.name }));
        found.add(entry.name);
      },
      texts('upgrade.thePayload'),
    );
    const missing = manifest.files.find((f) => !found.has(f.path));
    if (missing) throw refuse(texts('upgrade.payloadLacks', { path: missing.path }));
    return { manifest, size: whole.size, sha256: whole.hash.digest('hex') };
  } finally {
    await fs.rm(payloadFile, { force: true });
  }
}

/** Unpacks a verified package's payload into `dest` (which must not exist yet). */
export async function extractPayload(file: string, dest: string, workDir: string): Promise<void> {
  await fs.mkdir(workDir, { recursive: true });
  const payloadFile = path.join(workDir, 'payload.tar.gz');
  try {
    await eachEntry(
      file,
      async (entry, body) => {
        if (entry.name === 'payload.tar.gz') await pipeline(body, createWriteStream(payloadFile));
      },
      texts('upgrade.thePackage'),
    );
    await fs.mkdir(dest, { recursive: true });
    await eachEntry(
      payloadFile,
      async (entry, body) => {
        // readTar has already refused absolute names and `..`; the check below is a second lock.
        const target = path.resolve(dest, entry.name);
        if (!target.startsWith(path.resolve(dest) + path.sep)) throw refuse(texts('upgrade.unsafePath'));
        if (entry.type === 'directory') return void (await fs.mkdir(target, { recursive: true }));
        await fs.mkdir(path.dirname(target), { recursive: true });
        await pipeline(body, createWriteStream(target, { flags: 'wx' }));
      },
      texts('upgrade.thePayload'),
    );
  } finally {
    await fs.rm(payloadFile, { force: true });
  }
}
