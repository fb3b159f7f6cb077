import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import { databaseFileStore } from './database.ts';
import { localFileStore } from './local.ts';
import { s3FileStore } from './s3.ts';
import type { FileStoreSettings } from './settings.ts';
import type { FileStore } from './store.ts';

/**
 * The deployment's file store: as configured, else the local data folder over SQLite (one
 * gateway) and PostgreSQL itself over PostgreSQL (every instance sees every file).
 */
export function openFileStore(settings: FileStoreSettings | undefined, db: Db, dataDir: string): FileStore {
  const kind = settings?.kind ?? (db.kind === 'postgres' ? 'database' : 'local');
  if (kind === 'local') return localFileStore(dataDir);
  if (kind === 'database') {
    if (db.kind !== 'postgres')
      throw new Error('FILE_STORE=database needs PostgreSQL (DATABASE_URL); with SQLite use local');
    return databaseFileStore(db.kysely as unknown as Kysely<never>);
  }
  if (!settings?.s3) throw new Error('FILE_STORE=s3 needs S3_BUCKET');
  return s3FileStore(settings.s3);
}
