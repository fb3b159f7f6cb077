/**
 * A small streaming tar (POSIX ustar) writer and reader, for backups and upgrade packages.
 * - Writing: regular files only; names up to 255 bytes (prefix + name); sizes of any length
 *   (base-256 above 8 GiB, as GNU tar does).
 * - Reading: regular files and directories, with GNU long names and pax `path`/`size` records so
 *   archives made with the system `tar` are read too. Links, devices and FIFOs are refused, and
 *   so is any name that is absolute or climbs out with `..` (the bug class of FreePBX
 *   CVE-2025-61678): callers get names that are safe to join under a folder.
 */

const BLOCK = 512;

export class TarError extends Error {}

export interface TarSource {
  name: string;
  size: number;
  /** The file's bytes; exactly `size` of them. */
  body(): AsyncIterable<Uint8Array>;
  mtimeMs?: number;
}

/**
 * A name as it may be stored and extracted: relative, `/`-separated, no `.` or `..` segment, no
 * backslash or NUL. A leading `./` (as GNU tar writes) is dropped. Returns null when unsafe.
 */
export function safeEntryName(raw: string): string | null {
  let name = raw.replace(/^(\.\/)+/, '');
  if (name.endsWith('/')) name = name.slice(0, -1);
  if (!name || name.startsWith('/') || /^[A-Za-z]:/.test(name)) return null;
  if (name.includes('\\') || name.includes('\0')) return null;
  const parts = name.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return null;
  return name;
}

function writeOctal(buf: Buffer, value: number, offset: number, length: number): void {
  buf.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'latin1');
}

function writeSize(buf: Buffer, size: number, offset: number): void {
  if (size < 0o77777777777) {
    writeOctal(buf, size, offset, 12);
    return;
  }
  // Base-256: first byte 0x80, then the value big-endian.
  buf[offset] = 0x80;
  let v = BigInt(size);
  for (let i = offset + 11; i > offset; i--) {
    buf[i] = Number(v & 0xffn);
    v >>= 8n;
  }
}

function header(name: string, size: number, mtimeMs: number): Buffer {
  const safe = safeEntryName(name);
  if (safe !== name) throw new TarError(`Refusing to write the unsafe name "${name}"`);
  const bytes = Buffer.from(name, 'utf8');
  let prefix = '';
  let short = name;
  if (bytes.length > 100) {
    // Split at the first slash after which the rest fits in 100 bytes; the prefix gets 155.
    let at = name.indexOf('/');
    while (at > 0 && Buffer.byteLength(name.slice(at + 1)) > 100) at = name.indexOf('/', at + 1);
    if (at <= 0 || Buffer.byteLength(name.slice(0, at)) > 155)
      throw new TarError(`The name "${name}" is too long for a tar entry`);
    prefix = name.slice(0, at);
    short = name.slice(at + 1);
  }
  const h = Buffer.alloc(BLOCK);
  h.write(short, 0, 100, 'utf8');
  writeOctal(h, 0o644, 100, 8);
  writeOctal(h, 0, 108, 8);
  writeOctal(h, 0, 116, 8);
  writeSize(h, size, 124);
  writeOctal(h, Math.floor(mtimeMs / 1000), 136, 12);
  h.fill(0x20, 148, 156); // checksum field counts as spaces while summing
  h.write('0', 156, 1, 'latin1');
  h.write('ustar\0', 257, 6, 'latin1');
  h.write('00', 263, 2, 'latin1');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
  return h;
}

/** The tar stream of the given files, in order, ending with the two zero blocks. */
export async function* writeTar(
  entries: AsyncIterable<TarSource> | Iterable<TarSource>,
): AsyncGenerator<Buffer> {
  for await (const e of entries) {
    yield header(e.name, e.size, e.mtimeMs ?? Date.now());
    let written = 0;
    for await (const chunk of e.body()) {
      written += chunk.length;
      if (written > e.size) throw new TarError(`${e.name} grew while it was being archived`);
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    }
    if (written !== e.size) throw new TarError(`${e.name} changed size while it was being archived`);
    const pad = (BLOCK - (e.size % BLOCK)) % BLOCK;
    if (pad) yield Buffer.alloc(pad);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Pulls exact byte counts out of a stream of chunks. */
class ByteReader {
  private readonly it: AsyncIterator<Uint8Array>;
  private buf: Buffer = Buffer.alloc(0);
  private done = false;
  constructor(source: AsyncIterable<Uint8Array>) {
    this.it = source[Symbol.asyncIterator]();
  }
  private async fill(n: number): Promise<void> {
    while (this.buf.length < n && !this.done) {
      const r = await this.it.next();
      if (r.done) this.done = true;
      else this.buf = this.buf.length ? Buffer.concat([this.buf, r.value]) : Buffer.from(r.value);
    }
  }
  /** Up to n bytes; fewer only at the end of the stream. */
  async read(n: number): Promise<Buffer> {
    await this.fill(n);
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(out.length);
    return out;
  }
  /** Up to max bytes that are already buffered or arrive next; throws when the stream ends. */
  async chunk(max: number): Promise<Buffer> {
    if (!this.buf.length) await this.fill(1);
    if (!this.buf.length) throw new TarError('The archive is truncated');
    const piece = this.buf.subarray(0, Math.min(max, this.buf.length));
    this.buf = this.buf.subarray(piece.length);
    return piece;
  }
  /** Reads and forgets exactly n bytes. */
  async skip(n: number): Promise<void> {
    let left = n;
    while (left > 0) left -= (await this.chunk(left)).length;
  }
  async drain(): Promise<void> {
    this.buf = Buffer.alloc(0);
    while (!this.done) {
      const r = await this.it.next();
      if (r.done) this.done = true;
    }
  }
}

/**
 * The bytes of one entry. Breaking out of a loop over it does not lose the reader's place: what
 * is left is skipped by `rest()`.
 */
class EntryBody implements AsyncIterable<Buffer> {
  private left: number;
  private readonly r: ByteReader;
  constructor(r: ByteReader, size: number) {
    this.r = r;
    this.left = size;
  }
  [Symbol.asyncIterator](): AsyncIterator<Buffer> {
    return {
      next: async () => {
        if (this.left <= 0) return { value: undefined, done: true };
        const c = await this.r.chunk(Math.min(this.left, 1 << 20));
        this.left -= c.length;
        return { value: c, done: false };
      },
      return: async () => ({ value: undefined, done: true }),
    };
  }
  async rest(): Promise<void> {
    await this.r.skip(this.left);
    this.left = 0;
  }
}

function readString(h: Buffer, offset: number, length: number): string {
  const field = h.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readNumber(h: Buffer, offset: number, length: number): number {
  if ((h[offset]! & 0x80) !== 0) {
    let v = 0n;
    for (let i = offset + 1; i < offset + length; i++) v = (v << 8n) | BigInt(h[i]!);
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new TarError('A tar entry is too large');
    return Number(v);
  }
  const text = readString(h, offset, length).trim();
  if (!text) return 0;
  if (!/^[0-7]+$/.test(text)) throw new TarError('The archive has a malformed header');
  return Number.parseInt(text, 8);
}

function checksumOk(h: Buffer): boolean {
  const stored = readNumber(h, 148, 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i]!;
  return sum === stored;
}

function parsePax(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  let rest = text;
  while (rest.length) {
    const sp = rest.indexOf(' ');
    const len = Number(rest.slice(0, sp));
    if (sp <= 0 || !Number.isInteger(len) || len <= sp) break;
    const record = Buffer.from(rest, 'utf8').subarray(0, len).toString('utf8');
    const kv = record.slice(sp + 1, -1);
    const eq = kv.indexOf('=');
    if (eq > 0) out[kv.slice(0, eq)] = kv.slice(eq + 1);
    rest = Buffer.from(rest, 'utf8').subarray(len).toString('utf8');
  }
  return out;
}

export interface TarEntry {
  name: string;
  size: number;
  type: 'file' | 'directory';
}

/** Largest metadata record (GNU long name, pax header) read into memory. */
const META_MAX = 64 * 1024;

/**
 * Reads a tar stream, calling `onEntry` for each file and directory with its (safe) name and its
 * bytes, which the callback may read or leave (they are skipped). After the end marker the rest
 * of the stream is read through, so that a decrypting or decompressing stage before it finishes
 * and checks its own integrity.
 */
export async function readTar(
  source: AsyncIterable<Uint8Array>,
  onEntry: (entry: TarEntry, body: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  const r = new ByteReader(source);
  let longName: string | undefined;
  let pax: Record<string, string> = {};
  for (;;) {
    const h = await r.read(BLOCK);
    if (h.length === 0) throw new TarError('The archive ends without its end marker (truncated?)');
    if (h.length < BLOCK) throw new TarError('The archive is truncated');
    if (h.every((b) => b === 0)) break;
    if (!checksumOk(h)) throw new TarError('The archive has a damaged header');
    const type = String.fromCharCode(h[156] || 0x30);
    let size = readNumber(h, 124, 12);
    const pad = (n: number) => (BLOCK - (n % BLOCK)) % BLOCK;
    const readMeta = async () => {
      if (size > META_MAX) throw new TarError('The archive has an oversized metadata record');
      const parts: Buffer[] = [];
      for await (const c of new EntryBody(r, size)) parts.push(c);
      await r.skip(pad(size));
      return Buffer.concat(parts);
    };
    if (type === 'L') {
      longName = readString(await readMeta(), 0, size);
      continue;
    }
    if (type === 'x') {
      pax = parsePax((await readMeta()).toString('utf8'));
      continue;
    }
    if (type === 'g') {
      await readMeta();
      continue;
    }
    const prefix = h.subarray(257, 262).toString('latin1') === 'ustar' ? readString(h, 345, 155) : '';
    const raw =
      pax.path ?? longName ?? (prefix ? `${prefix}/${readString(h, 0, 100)}` : readString(h, 0, 100));
    if (pax.size !== undefined) size = Number(pax.size);
    longName = undefined;
    pax = {};
    // The archive's own root (`./`, as `tar -C dir .` writes it) is no entry at all.
    const bare = raw.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
    if (type === '5' && (bare === '' || bare === '.')) {
      await r.skip(size + pad(size));
      continue;
    }
    const name = safeEntryName(raw);
    if (!name) throw new TarError(`The archive holds an unsafe path: "${raw.slice(0, 200)}"`);
    if (type !== '0' && type !== '5' && type !== '7')
      throw new TarError(`The archive holds a link or special file, which is not accepted: "${name}"`);
    const body = new EntryBody(r, size);
    await onEntry({ name, size, type: type === '5' ? 'directory' : 'file' }, body);
    // Whatever the callback left unread is skipped.
    await body.rest();
    await r.skip(pad(size));
  }
  await r.drain();
}
