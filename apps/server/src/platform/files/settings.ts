import type { S3Settings } from './s3.ts';
import type { FileStoreKind } from './store.ts';

/** Where files are kept (FILE_STORE and S3_*; docs/deployment/files.md). */
export interface FileStoreSettings {
  /** Unset: the local data folder with SQLite, PostgreSQL itself with PostgreSQL. */
  kind?: FileStoreKind | undefined;
  s3?: S3Settings | undefined;
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
  if (kind !== 's3') return { kind };
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
