import { Headers } from '@igs/contract';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { User } from '../../src/platform/db/schema.ts';
import type { Caller } from '../../src/platform/http/action.ts';
import { siteScope } from '../../src/platform/resources/scope.ts';

/** The context's scope (platform/resources/scope.ts siteScope): worked out once, on first use. */

const caller = (isOperations: 0 | 1, siteIds = '*'): Caller => ({
  user: { id: 7, username: 'u', site_ids: siteIds } as unknown as User,
  session: null,
  isOperations,
});
const request = (sites?: string) =>
  ({ headers: sites === undefined ? {} : { [Headers.sites]: sites } }) as unknown as FastifyRequest;

describe('siteScope', () => {
  it('full mode reads and writes site 0 whatever the header says', () => {
    const scope = siteScope(caller(0), request('not a list'));
    expect(scope.read).toEqual([0]);
    expect(scope.writeSite()).toBe(0);
    expect(scope.write).toEqual([0]);
  });

  it('operations mode reads the named sites, every site without a header', () => {
    expect(siteScope(caller(1), request('3,4')).read).toEqual([3, 4]);
    expect(siteScope(caller(1), request()).read).toBeNull();
    expect(siteScope(caller(1, '2,3'), request()).read).toEqual([2, 3]);
  });

  it('a write names exactly one site: the same 400 as before otherwise', () => {
    expect(siteScope(caller(1), request('3')).writeSite()).toBe(3);
    expect(siteScope(caller(1), request('3')).write).toEqual([3]);
    for (const sites of ['3,4', undefined]) {
      const scope = siteScope(caller(1), request(sites));
      expect(() => scope.writeSite()).toThrow(
        'A change in operations mode must name exactly one site in the igs-sids header',
      );
      expect(() => scope.write).toThrow(expect.objectContaining({ code: 400 }));
    }
  });

  it('is worked out on first use, so a call that reads no site is not refused for its header', () => {
    const scope = siteScope(caller(1, '2'), request('5'));
    expect(() => scope.read).toThrow(expect.objectContaining({ code: 403 }));
    expect(() => siteScope(caller(1), request('x'))).not.toThrow();
  });

  it('reads the header once per call', () => {
    const req = request('3');
    const scope = siteScope(caller(1), req);
    expect(scope.read).toEqual([3]);
    (req.headers as Record<string, string>)[Headers.sites] = '4';
    expect(scope.read).toEqual([3]);
    expect(scope.writeSite()).toBe(3);
  });
});
