import { createHash, randomUUID } from 'node:crypto';
import { crc32, deflateSync, gzipSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import type { AppContext } from '../../platform/app-context.ts';
import type { Conn } from '../../platform/db/schema.ts';
import { imageSize, sniff } from '../../platform/lib/file-type.ts';
import { kindRule, type UploadKind } from '../../platform/uploads/kinds.ts';
import { uploadKey } from '../../platform/uploads/stored.ts';

/**
 * Small generated files for the demo's `file` fields (posters, prompts, packages), stored as
 * real uploads: same folder, same table and the same content check as the upload call, so every
 * file id in the demo opens.
 */

export type DemoFileKind = 'image' | 'audio' | 'apk' | 'firmware';

export interface DemoFileSpec {
  kind: DemoFileKind;
  /** The file name shown in the console, also the cache key: one upload per name. */
  name: string;
  /** image: width and height; audio: seconds. */
  width?: number;
  height?: number;
  seconds?: number;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A colour from the name, so each poster looks different but the same name looks the same. */
function colours(name: string): [number[], number[]] {
  const h = createHash('sha256').update(name).digest();
  const hue = (h[0]! / 255) * 360;
  const rgb = (hueDeg: number, light: number) => {
    const c = (1 - Math.abs(2 * light - 1)) * 0.6;
    const x = c * (1 - Math.abs(((hueDeg / 60) % 2) - 1));
    const m = light - c / 2;
    const [r, g, b] =
      hueDeg < 60
        ? [c, x, 0]
        : hueDeg < 120
          ? [x, c, 0]
          : hueDeg < 180
            ? [0, c, x]
            : hueDeg < 240
              ? [0, x, c]
              : hueDeg < 300
                ? [x, 0, c]
                : [c, 0, x];
    return [r, g, b].map((v) => Math.round((v + m) * 255));
  };
  return [rgb(hue, 0.35), rgb((hue + 40) % 360, 0.7)];
}

/** A PNG with a vertical gradient (truecolour, 8 bits, no interlace). */
export function gradientPng(name: string, width: number, height: number): Buffer {
  const [top, bottom] = colours(name);
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    const t = height > 1 ? y / (height - 1) : 0;
    const px = top.map((c, i) => Math.round(c + (bottom[i]! - c) * t));
    raw[y * row] = 0;
    for (let x = 0; x < width; x++) raw.set(px, y * row + 1 + x * 3);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A quiet two-note chime: 8 kHz mono 16-bit PCM WAV, the format the PBX plays. */
export function chimeWav(seconds: number): Buffer {
  const rate = 8000;
  const n = Math.round(rate * seconds);
  const data = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const f = t < seconds / 2 ? 523.25 : 659.25;
    const envelope = Math.min(1, t * 20, (seconds - t) * 20);
    data.writeInt16LE(Math.round(Math.sin(2 * Math.PI * f * t) * 6000 * envelope), i * 2);
  }
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8, 'latin1');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'latin1');
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

function content(spec: DemoFileSpec): Buffer {
  switch (spec.kind) {
    case 'image':
      return gradientPng(spec.name, spec.width ?? 320, spec.height ?? 180);
    case 'audio':
      return chimeWav(spec.seconds ?? 1);
    case 'apk':
      // A package-shaped ZIP: enough for the upload check, not an installable app.
      return Buffer.from(
        zipSync({
          'AndroidManifest.xml': strToU8(`<manifest package="${spec.name.replace(/[^\w.]/g, '')}"/>`),
          'README.txt': strToU8('Demo data placeholder package.'),
        }),
      );
    case 'firmware':
      return gzipSync(Buffer.from(`demo firmware image ${spec.name}\n`.repeat(64)));
  }
}

export interface StoredFile {
  id: string;
  size: number;
  sha256: string;
  md5: string;
  mime: string;
  width: number | null;
  height: number | null;
}

/** Writes demo files under the data folder and records them in `uploads`; undone on failure. */
export class DemoFiles {
  readonly #app: AppContext;
  readonly #byName = new Map<string, StoredFile>();
  readonly #written: string[] = [];
  userId = 0;

  constructor(app: AppContext) {
    this.#app = app;
  }

  async store(db: Conn, spec: DemoFileSpec): Promise<StoredFile> {
    const known = this.#byName.get(spec.name);
    if (known) return known;
    const data = content(spec);
    const uploadKind: UploadKind = spec.kind;
    const sniffed = sniff(data);
    if (!kindRule(uploadKind, this.#app.config.uploadMaxBytes).accepts(sniffed, data.subarray(0, 4096)))
      throw new Error(`demo file ${spec.name} is not accepted as ${spec.kind}`);
    const id = randomUUID();
    const file = `${id}.${sniffed?.type ?? 'bin'}`;
    // Into the file store, where every upload is (platform/uploads/stored.ts).
    await this.#app.files.put(uploadKey(file), data);
    this.#written.push(file);
    const dims = sniffed?.group === 'image' ? imageSize(data, sniffed.type) : null;
    const stored: StoredFile = {
      id,
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      md5: createHash('md5').update(data).digest('hex'),
      mime: sniffed?.mime ?? 'application/octet-stream',
      width: dims?.width ?? null,
      height: dims?.height ?? null,
    };
    await db
      .insertInto('uploads')
      .values({
        id,
        kind: uploadKind,
        name: spec.name,
        mime: stored.mime,
        size: stored.size,
        sha256: stored.sha256,
        width: stored.width,
        height: stored.height,
        file,
        user_id: this.userId,
        created_at: this.#app.now(),
      })
      .execute();
    this.#byName.set(spec.name, stored);
    return stored;
  }

  /** Removes the files written so far (the transaction that recorded them was rolled back). */
  async discard(): Promise<void> {
    await Promise.all(this.#written.map((f) => this.#app.files.delete(uploadKey(f))));
  }

  get count(): number {
    return this.#byName.size;
  }
}
