import { describe, expect, it } from 'vitest';
import { startRoute } from './start-route.ts';

const at = (address: string, hasToken = false) => {
  const url = new URL(address, 'http://console');
  return startRoute({ path: url.pathname, search: url.search, hash: url.hash, hasToken });
};

describe('the first screen of a page load', () => {
  it('is the sign-in page without the router for a visitor without a token, as the guard would send them', () => {
    expect(at('/login')).toEqual({ type: 'login' });
    expect(at('/login?redirect=%2Fdashboard')).toEqual({ type: 'login' });
    expect(at('/')).toEqual({ type: 'login', url: '/login' });
    expect(at('/dashboard')).toEqual({ type: 'login', url: '/login?redirect=%2Fdashboard' });
    expect(at('/system/log?id=3')).toEqual({
      type: 'login',
      url: '/login?redirect=%2Fsystem%2Flog%3Fid%3D3',
    });
  });

  it('is the console with its router when signed in, for the other public pages and for old hash addresses', () => {
    expect(at('/login', true)).toEqual({ type: 'app' });
    expect(at('/dashboard', true)).toEqual({ type: 'app' });
    for (const page of ['/register', '/404', '/406', '/auth-redirect', '/authh5', '/setlogindata'])
      expect(at(page)).toEqual({ type: 'app' });
    expect(at('/#/system/log')).toEqual({ type: 'app' });
    expect(at('/index.html')).toEqual({ type: 'app' });
  });
});
