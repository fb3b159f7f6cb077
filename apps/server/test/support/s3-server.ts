import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { S3Settings } from '../../src/platform/files/s3.ts';

export interface LocalS3 {
  settings: S3Settings;
  /** The same as environment variables, for a server started with FILE_STORE=s3. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server with one empty bucket, on an ephemeral port of 127.0.0.1: s3rver
 * (a pure-JS dev dependency) in a child process, ended by close() or when the tests' process ends.
 */
export async function startLocalS3(bucket = 'igs-test'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-s3-'));
  const child = fork(path.join(import.meta.dirname, 's3-server-child.ts'), [directory, bucket], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('s3rver did not start within 20 s')), 20_000);
    child.once('message', (m) => {
      clearTimeout(timer);
      resolve((m as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before it started`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's fixed credentials.
  const settings: S3Settings = {
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: '',
  };
  return {
    settings,
    env: {
      FILE_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('close');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      if (child.exitCode === null) child.kill();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
