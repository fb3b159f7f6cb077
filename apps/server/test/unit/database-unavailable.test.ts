import { describe, expect, it } from 'vitest';
import { databaseUnavailable } from '../../src/platform/db/unavailable.ts';

/** Which errors are answered 503 "database unavailable" rather than 5000 (platform/db/unavailable.ts). */
describe('databaseUnavailable', () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

  it('knows a lost or refused connection', () => {
    expect(
      databaseUnavailable(withCode('terminating connection due to administrator command', '57P01')),
    ).toBe(true);
    expect(databaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(databaseUnavailable(withCode('sorry, too many clients already', '53300'))).toBe(true);
    expect(databaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(databaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(databaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(databaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // Node's error when every address of the host refused.
    const all = new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'all failed');
    expect(databaseUnavailable(all)).toBe(true);
    // Wrapped by a caller.
    expect(databaseUnavailable(new Error('reading failed', { cause: withCode('x', '57P01') }))).toBe(true);
  });

  it('leaves every other error a server fault', () => {
    expect(databaseUnavailable(new Error('boom'))).toBe(false);
    expect(databaseUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(
      false,
    );
    expect(databaseUnavailable(withCode('canceling statement due to statement timeout', '57014'))).toBe(
      false,
    );
    expect(databaseUnavailable(null)).toBe(false);
    expect(databaseUnavailable('text')).toBe(false);
    // A peer that refused a fetch is not the database.
    const fetchFailed = new TypeError('fetch failed', {
      cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED'),
    });
    expect(databaseUnavailable(fetchFailed)).toBe(false);
  });
});
