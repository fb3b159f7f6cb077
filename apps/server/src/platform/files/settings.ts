import type { S3Settings } from './s3.ts';
import type { FileStoreKind } from './store.ts';

/** Where files are kept (FILE_STORE and S3_*; docs/deployment/files.md). */
export interface FileStoreSettings {
  /** Unset: the local data folder with SQLite, PostgreSQL itself with PostgreSQL. */
  kind?: FileStoreKind | undefined;
  s3?: S3Settings | undefined;
  /** The prune of the store (prune.ts): FILE_PRUNE_HOURS and FILE_PRUNE_EVERY_MIN. */
  prune?: PruneSettings | undefined;
}

export interface PruneSettings {
  /**
   * How old an abandoned file must be before the prune removes it: a put's work file, chunks or
   * multipart upload that never finished, an uploaded file no upload record names (FILE_PRUNE_HOURS).
   * At least an hour, so that no put still running is touched.
   */
  afterMs: number;
  /** How often each instance offers to run the prune (FILE_PRUNE_EVERY_MIN); one runs it at a time (prune.ts). */
  everyMs: number;
}

export const PRUNE_DEFAULTS: PruneSettings = { afterMs: 24 * 3_600_000, everyMs: 60 * 60_000 };

function whole(raw: string | undefined, fallback: number, name: string, min: number, max: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return n;
}

/** FILE_PRUNE_HOURS (1–8760, default 24) and FILE_PRUNE_EVERY_MIN (1–1440, default 60). */
export function pruneSettings(env: NodeJS.ProcessEnv): PruneSettings {
  return {
    afterMs: whole(env.FILE_PRUNE_HOURS, 24, 'FILE_PRUNE_HOURS', 1, 8760) * 3_600_000,
    everyMs: whole(env.FILE_PRUNE_EVERY_MIN, 60, 'FILE_PRUNE_EVERY_MIN', 1, 1440) * 60_000,
  };
}

const KINDS: Record<string, FileStoreKind> = {
  local: 'local',
  database: 'database',
  postgres: 'database',
  s3: 's3',
};

export function fileStoreSettings(env: NodeJS.ProcessEnv): FileStoreSettings {
  const named = (env.FILE_STORE ?? '').trim().toLowerCase();
  const kind = named ? KINDS[named] : undefined;
  if (named && !kind) throw new Error(`FILE_STORE must be local, database or s3, got "${env.FILE_STORE}"`);
  const prune = pruneSettings(env);
  if (kind !== 's3') return { kind, prune };
  const bucket = env.S3_BUCKET ?? '';
  if (!bucket) throw new Error('FILE_STORE=s3 needs S3_BUCKET');
  const keyId = env.S3_ACCESS_KEY_ID || undefined;
  const secret = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(keyId) !== Boolean(secret))
    throw new Error(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the SDK’s own chain)',
    );
  return {
    kind,
    prune,
    s3: {
      endpoint: env.S3_ENDPOINT || undefined,
      bucket,
      region: env.S3_REGION || 'us-east-1',
      accessKeyId: keyId,
      secretAccessKey: secret,
      forcePathStyle: /^(1|true|yes|on)$/i.test(env.S3_FORCE_PATH_STYLE ?? ''),
      prefix: (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, ''),
    },
  };
}
