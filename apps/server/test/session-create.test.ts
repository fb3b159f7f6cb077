import { Code } from '@igs/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSession } from '../src/platform/auth/sessions.ts';
import type { User } from '../src/platform/db/schema.ts';
import { ApiError } from '../src/platform/http/errors.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/*
 * A sign-in whose account row went away between the password check and the new session (a restore
 * or a hot-standby sync replacing the accounts): a 503 telling the caller to sign in again, never
 * an unexpected server error.
 */
describeEachDb('a session for an account a restore just replaced', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => {
    await s.close();
  });

  it('answers 503 in the caller’s words, and makes no session', async () => {
    const gone = { id: 987_654 } as User;
    const made = await createSession(s.app, gone, {
      isOperations: 0,
      ip: '127.0.0.1',
      userAgent: 'test',
    }).catch((e: unknown) => e);
    expect(made).toBeInstanceOf(ApiError);
    expect((made as ApiError).code).toBe(Code.unavailable);
    expect(String((made as ApiError).message)).toMatch(/sign in again/);
    const left = await s.app.db.kysely
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', 987_654)
      .execute();
    expect(left).toEqual([]);
  });
});
