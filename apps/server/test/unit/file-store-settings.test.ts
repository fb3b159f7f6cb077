import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { fileStoreSettings, openFileStore } from '../../src/platform/files/index.ts';

describe('file store settings (FILE_STORE, S3_*)', () => {
  it('leaves the kind to the database when unset (local with SQLite, database with PostgreSQL), and takes the names given', () => {
    expect(fileStoreSettings({}).kind).toBeUndefined();
    expect(fileStoreSettings({ FILE_STORE: 'postgres' }).kind).toBe('database');
    expect(fileStoreSettings({ FILE_STORE: ' Local ' }).kind).toBe('local');
  });

  it('reads the prune settings (FILE_PRUNE_HOURS, FILE_PRUNE_EVERY_MIN), and refuses one out of range', () => {
    expect(fileStoreSettings({}).prune).toEqual({ afterMs: 24 * 3_600_000, everyMs: 60 * 60_000 });
    expect(
      fileStoreSettings({ FILE_STORE: 'local', FILE_PRUNE_HOURS: '2', FILE_PRUNE_EVERY_MIN: '15' }).prune,
    ).toEqual({ afterMs: 2 * 3_600_000, everyMs: 15 * 60_000 });
    expect(
      fileStoreSettings({ FILE_STORE: 's3', S3_BUCKET: 'b', FILE_PRUNE_HOURS: '48' }).prune?.afterMs,
    ).toBe(48 * 3_600_000);
    for (const [name, value] of [
      ['FILE_PRUNE_HOURS', '0'],
      ['FILE_PRUNE_HOURS', '1.5'],
      ['FILE_PRUNE_HOURS', 'a day'],
      ['FILE_PRUNE_EVERY_MIN', '0'],
      ['FILE_PRUNE_EVERY_MIN', '1441'],
    ] as const)
      expect(() => fileStoreSettings({ [name]: value }), `${name}=${value}`).toThrow(name);
  });

  it('reads every S3 variable', () => {
    expect(
      fileStoreSettings({
        FILE_STORE: 's3',
        S3_BUCKET: 'files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: '/gateway/',
      }).s3,
    ).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'files',
      region: 'eu-west-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'gateway',
    });
    expect(fileStoreSettings({ FILE_STORE: 's3', S3_BUCKET: 'b' }).s3).toMatchObject({
      region: 'us-east-1',
      forcePathStyle: false,
      accessKeyId: undefined,
      prefix: '',
    });
  });

  it('refuses what cannot work, by name, before the server starts', async () => {
    expect(() => fileStoreSettings({ FILE_STORE: 'nfs' })).toThrow(
      'FILE_STORE must be local, database or s3, got "nfs"',
    );
    expect(() => fileStoreSettings({ FILE_STORE: 's3' })).toThrow('FILE_STORE=s3 needs S3_BUCKET');
    expect(() => fileStoreSettings({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    const sqlite = { kind: 'sqlite' } as Parameters<typeof openFileStore>[1];
    await expect(openFileStore({ kind: 'database' }, sqlite, os.tmpdir())).rejects.toThrow(
      'FILE_STORE=database needs PostgreSQL (DATABASE_URL); with SQLite use local',
    );
    expect((await openFileStore(undefined, sqlite, os.tmpdir())).kind).toBe('local');
    const s3 = fileStoreSettings({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9' });
    expect((await openFileStore(s3, sqlite, os.tmpdir())).kind).toBe('s3');
  });
});
