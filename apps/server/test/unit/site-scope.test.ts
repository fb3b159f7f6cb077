import { Headers } from '@igs/contract';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { User } from '../../src/platform/db/schema.ts';
import type { Caller } from '../../src/platform/http/action.ts';
import { siteScope } from '../../src/platform/resources/scope.ts';
import type { SiteRegistry } from '../../src/platform/sites/registry.ts';

/** The context's scope (platform/resources/scope.ts siteScope): worked out once, on first use. */

/** Registered sites 2 to 5 (auth/sites.ts checks every named site against the registry); 5 is suspended. */
const registry: SiteRegistry = {
  sites: new Map([
    [2, { customer: 0, state: 'active', suspendedBy: null }],
    [3, { customer: 0, state: 'active', suspendedBy: null }],
    [4, { customer: 0, state: 'active', suspendedBy: null }],
    [5, { customer: 0, state: 'suspended', suspendedBy: 'site' }],
  ]),
  customers: new Map(),
};
/** An account granted these sites (null: every site), as authenticate loads it. */
const caller = (isOperations: 0 | 1, granted: number[] | null = null): Caller => ({
  user: { id: 7, username: 'u', cid: 0 } as unknown as User,
  session: null,
  isOperations,
  sites: { granted: granted ? new Set(granted) : null, customer: 0, registry },
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
    expect(siteScope(caller(1, [2, 3]), request()).read).toEqual([2, 3]);
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
    const scope = siteScope(caller(1, [2]), request('4'));
    expect(() => scope.read).toThrow(expect.objectContaining({ code: 403 }));
    expect(() => siteScope(caller(1), request('x'))).not.toThrow();
  });

  it('a site that is not registered is refused; a suspended one is read but not written', () => {
    expect(() => siteScope(caller(1), request('9')).read).toThrow(
      expect.objectContaining({
        code: 403,
        message: 'Site 9 is not registered; add it on the Sites page first',
      }),
    );
    const suspended = siteScope(caller(1), request('5'));
    expect(suspended.read).toEqual([5]);
    expect(() => suspended.writeSite()).toThrow(expect.objectContaining({ code: 403 }));
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
