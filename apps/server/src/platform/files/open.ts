import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import { databaseFileStore } from './database.ts';
import { localFileStore } from './local.ts';
import type { FileStoreSettings } from './settings.ts';
import type { FileStore } from './store.ts';

/**
 * The deployment's file store: as configured, else the local data folder over SQLite (one
 * gateway) and PostgreSQL itself over PostgreSQL (every instance sees every file). The S3 client
 * is loaded only where S3 is configured: the AWS SDK is some 1.5 MB of source and ~30 MB of
 * resident memory that every other deployment would hold for nothing.
 */
export async function openFileStore(
  settings: FileStoreSettings | undefined,
  db: Db,
  dataDir: string,
): Promise<FileStore> {
  const kind = settings?.kind ?? (db.kind === 'postgres' ? 'database' : 'local');
  if (kind === 'local') return localFileStore(dataDir);
  if (kind === 'database') {
    if (db.kind !== 'postgres')
      throw new Error('FILE_STORE=database needs PostgreSQL (DATABASE_URL); with SQLite use local');
    return databaseFileStore(db.kysely as unknown as Kysely<never>);
  }
  if (!settings?.s3) throw new Error('FILE_STORE=s3 needs S3_BUCKET');
  const { s3FileStore } = await import('./s3.ts');
  return s3FileStore(settings.s3);
}
