import { describe, expect, it } from 'vitest';
import {
  afterLoginPath,
  decideGuard,
  guardNeedsRun,
  isPublicPath,
  legacyPath,
  loginRedirect,
  modeHomePath,
} from './guard.ts';

describe('decideGuard', () => {
  it('sends a signed-in visitor on /login to /', () => {
    expect(decideGuard({ path: '/login', hasToken: true, hasUserInfo: true })).toEqual({
      type: 'redirect',
      to: '/',
    });
    expect(decideGuard({ path: '/login/', hasToken: true, hasUserInfo: false })).toEqual({
      type: 'redirect',
      to: '/',
    });
  });

  it('sends a visitor without a token to /login with the original path', () => {
    expect(decideGuard({ path: '/voice/extension', hasToken: false, hasUserInfo: false })).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Fvoice%2Fextension',
    });
  });

  it('keeps the query in the redirect', () => {
    const decision = decideGuard({
      path: '/operations',
      search: '?id=3',
      hasToken: false,
      hasUserInfo: false,
    });
    expect(decision).toEqual({
      type: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/operations?id=3')}`,
    });
  });

  it.each(['/login', '/register', '/auth-redirect', '/authh5', '/404', '/406', '/setlogindata'])(
    'lets a visitor without a token open %s',
    (path) => {
      expect(decideGuard({ path, hasToken: false, hasUserInfo: false })).toEqual({ type: 'allow' });
    },
  );

  it.each(['/', '/dashboard', '/401', '/nicset', '/redirect/dashboard', '/nowhere'])(
    'requires a token for %s',
    (path) => {
      expect(decideGuard({ path, hasToken: false, hasUserInfo: false }).type).toBe('redirect');
    },
  );

  it('loads user info, menus and routes on the first navigation with a token', () => {
    expect(decideGuard({ path: '/dashboard', hasToken: true, hasUserInfo: false })).toEqual({ type: 'load' });
    expect(decideGuard({ path: '/404', hasToken: true, hasUserInfo: false })).toEqual({ type: 'load' });
  });

  it('allows every route once the info is loaded', () => {
    expect(decideGuard({ path: '/voice/extension', hasToken: true, hasUserInfo: true })).toEqual({
      type: 'allow',
    });
  });
});

describe('guard helpers', () => {
  it('isPublicPath ignores a trailing slash', () => {
    expect(isPublicPath('/register/')).toBe(true);
    expect(isPublicPath('/dashboard')).toBe(false);
  });

  it('loginRedirect encodes the target, and leaves home out', () => {
    expect(loginRedirect('/a', '?b=1&c=2')).toBe('/login?redirect=%2Fa%3Fb%3D1%26c%3D2');
    expect(loginRedirect('/')).toBe('/login');
    expect(loginRedirect('/', '?id=2')).toBe('/login?redirect=%2F%3Fid%3D2');
    expect(decideGuard({ path: '/', hasToken: false, hasUserInfo: false })).toEqual({
      type: 'redirect',
      to: '/login',
    });
  });

  it('afterLoginPath accepts local paths only, else goes to the home given', () => {
    expect(afterLoginPath('/voice/extension?x=1')).toBe('/voice/extension?x=1');
    expect(afterLoginPath(null)).toBe('/');
    expect(afterLoginPath('https://evil.test/')).toBe('/');
    expect(afterLoginPath('//evil.test/')).toBe('/');
    expect(afterLoginPath('/login?redirect=/x')).toBe('/');
    // The sign-in page knows the mode: straight to its home, never through `/`.
    expect(afterLoginPath(null, modeHomePath(0))).toBe('/dashboard');
    expect(afterLoginPath(null, modeHomePath(1))).toBe('/operations');
    expect(afterLoginPath('/', modeHomePath(0))).toBe('/dashboard');
    expect(afterLoginPath('https://evil.test/', modeHomePath(0))).toBe('/dashboard');
    expect(afterLoginPath('/login?redirect=/x', modeHomePath(1))).toBe('/operations');
  });

  it("legacyPath reads the earlier console's hash routes and /index.html", () => {
    expect(legacyPath('/', '#/system/log')).toBe('/system/log');
    expect(legacyPath('/', '#/dashboard?x=1')).toBe('/dashboard?x=1');
    expect(legacyPath('/index.html', '#/voice/extension')).toBe('/voice/extension');
    expect(legacyPath('/index.html', '')).toBe('/');
    expect(legacyPath('/', '')).toBeUndefined();
    expect(legacyPath('/', '#top')).toBeUndefined();
    expect(legacyPath('/dashboard', '#/x')).toBeUndefined();
  });
});

describe('guardNeedsRun', () => {
  it('is skipped only for a signed-in visitor with user info, away from the sign-in page', () => {
    expect(guardNeedsRun({ path: '/voice/extension', hasToken: true, hasUserInfo: true })).toBe(false);
    expect(guardNeedsRun({ path: '/login', hasToken: true, hasUserInfo: true })).toBe(true);
    expect(guardNeedsRun({ path: '/voice/extension', hasToken: true, hasUserInfo: false })).toBe(true);
    expect(guardNeedsRun({ path: '/voice/extension', hasToken: false, hasUserInfo: false })).toBe(true);
    expect(guardNeedsRun({ path: '/404', hasToken: false, hasUserInfo: false })).toBe(true);
  });
});
