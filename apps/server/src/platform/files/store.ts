import type { Readable } from 'node:stream';

/**
 * One place where the server keeps its files (uploads, exports, backups, the licence, upgrade
 * packages), whatever holds them: the local data folder, PostgreSQL, or an S3-compatible object
 * store (docs/deployment/files.md). Every body goes in and out as a stream, so a 2 GB firmware
 * never sits in memory whole.
 *
 * A key is a relative path of `/`-separated parts (`uploads/files/<uuid>.bin`): the local back end
 * keeps it at that path under the data folder, which is the layout the server always had.
 */
export interface StoredFile {
  key: string;
  size: number;
  /** Epoch milliseconds of the last write. */
  modifiedAt: number;
}

export type FileStoreKind = 'local' | 'database' | 's3';

export interface FileStore {
  readonly kind: FileStoreKind;
  /**
   * Stores `body` under `key`, replacing any file there only once the whole body is in: a failed
   * or interrupted put leaves the previous file (or none) and nothing half-written under the key.
   */
  put(key: string, body: Readable | Uint8Array): Promise<StoredFile>;
  /** The file's bytes as a stream; FileNotFound when there is none. */
  get(key: string): Promise<Readable>;
  stat(key: string): Promise<StoredFile | null>;
  /**
   * Gives the file at `from` the key `to` (replacing any file there) and removes `from`: a rename
   * on disk, one row in PostgreSQL, a streamed copy in S3. FileNotFound when `from` is missing.
   */
  move(from: string, to: string): Promise<void>;
  /** Removes the file; no error when there is none. */
  delete(key: string): Promise<void>;
  /** Every file whose key starts with `prefix`, in key order. */
  list(prefix: string): Promise<StoredFile[]>;
  /**
   * Where the file already is on this machine's disk, for a step that needs a real file (local
   * back end only; the others return null and the caller fetches a temporary copy: files/temp.ts).
   */
  localPath(key: string): string | null;
  /**
   * Removes what puts that never finished left behind (their instance died mid-way) once it is
   * older than `before` (epoch ms): `.…part` work files on disk, chunk rows no key points at, S3
   * multipart uploads never completed. Returns how many it removed. Run by the prune (prune.ts).
   */
  pruneWork(before: number): Promise<number>;
  close(): Promise<void>;
}

export class FileNotFound extends Error {
  readonly key: string;
  constructor(key: string) {
    super(`no stored file ${key}`);
    this.key = key;
  }
}

/**
 * Keys are made by the server, never taken from a request as they are; this check is the last
 * guard against one reaching outside the store (`..`, an absolute path, a backslash, a NUL).
 */
export function checkKey(key: string): string {
  if (
    key === '' ||
    key.length > 512 ||
    key.startsWith('/') ||
    key.endsWith('/') ||
    /[\\\0]/.test(key) ||
    key.split('/').some((p) => p === '' || p === '.' || p === '..')
  )
    throw new Error(`bad file store key "${key}"`);
  return key;
}

/** The same for a prefix of keys: empty (everything) or a key's leading parts ending in `/`, or a key's start. */
export function checkPrefix(prefix: string): string {
  if (prefix === '') return prefix;
  checkKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  return prefix;
}
