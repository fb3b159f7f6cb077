import { Headers, hashPassword, Paths } from '@igs/contract';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const request = vi.fn();
const requestEnvelope = vi.fn();
vi.mock('../request/index.ts', () => ({ request, requestEnvelope, bindSession: vi.fn() }));

const { buildLoginPayload, PLACEHOLDER_NAME, useUserStore } = await import('./user.ts');

function clearCookies() {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
}

describe('buildLoginPayload', () => {
  it('trims, hashes and sends is_operations 0 by default', () => {
    expect(
      buildLoginPayload({ username: '  admin ', password: ' secret1 ', code: ' ab12 ' }, undefined),
    ).toEqual({
      username: 'admin',
      password: hashPassword('secret1'),
      code: 'ab12',
      is_operations: 0,
    });
  });

  it('sends is_operations 1 only when exactly true', () => {
    expect(
      buildLoginPayload({ username: 'a', password: 'p', isOperations: true }, undefined).is_operations,
    ).toBe(1);
    expect(
      buildLoginPayload({ username: 'a', password: 'p', isOperations: false }, undefined).is_operations,
    ).toBe(0);
    const truthy = { username: 'a', password: 'p', isOperations: 'true' as unknown as boolean };
    expect(buildLoginPayload(truthy, undefined).is_operations).toBe(0);
  });

  it('sends the saved (hashed) password as is when the field still holds it', () => {
    const saved = hashPassword('secret1');
    expect(buildLoginPayload({ username: 'a', password: saved }, saved).password).toBe(saved);
  });

  it('hashes a typed password even when a saved one exists', () => {
    const saved = hashPassword('secret1');
    expect(buildLoginPayload({ username: 'a', password: 'other12' }, saved).password).toBe(
      hashPassword('other12'),
    );
  });
});

describe('user store', () => {
  beforeEach(() => {
    clearCookies();
    request.mockReset();
    requestEnvelope.mockReset();
    useUserStore.getState().resetToken();
  });

  it('login stores the token and the weak-password flag', async () => {
    request.mockResolvedValueOnce({ token: 'T1', weak_psw: 1 });
    await useUserStore.getState().login({ username: 'admin', password: 'secret1', code: 'x' });
    expect(request).toHaveBeenCalledWith(
      Paths.login,
      {
        username: 'admin',
        password: hashPassword('secret1'),
        code: 'x',
        is_operations: 0,
      },
      undefined,
    );
    expect(useUserStore.getState().token).toBe('T1');
    expect(useUserStore.getState().weakPsw).toBe(1);
    expect(Cookies.get('Admin-Token')).toBe('T1');
  });

  describe("the guard's first calls", () => {
    let fetchMock: ReturnType<typeof vi.fn>;
    beforeEach(() => {
      delete (window as { __igsEarly?: unknown }).__igsEarly;
      fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: '', data: {} })));
      vi.stubGlobal('fetch', fetchMock);
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      delete (window as { __igsEarly?: unknown }).__igsEarly;
    });

    it('a sign-in starts them with its new token, for the guard to take', async () => {
      request.mockResolvedValueOnce({ token: 'T9', weak_psw: 0 });
      await useUserStore.getState().login({ username: 'admin', password: 'secret1' });
      const sent = fetchMock.mock.calls.map(([url, init]) => [
        url,
        (init as RequestInit & { headers: Record<string, string> }).headers[Headers.token],
      ]);
      expect(sent.sort()).toEqual(
        [Paths.authMenu, Paths.credentials, Paths.settings].sort().map((path) => [path, 'T9']),
      );
      const early = (window as { __igsEarly?: { token?: string; session?: object } }).__igsEarly;
      expect(early?.token).toBe('T9');
      expect(Object.keys(early?.session ?? {}).sort()).toEqual(
        [Paths.authMenu, Paths.credentials, Paths.settings].sort(),
      );
    });

    it('a refused sign-in starts none', async () => {
      request.mockRejectedValueOnce(new Error('refused'));
      await expect(
        useUserStore.getState().login({ username: 'admin', password: 'wrong12' }),
      ).rejects.toThrow();
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });

  it('remember me asks for a device token and keeps it, never the password nor its hash', async () => {
    request.mockResolvedValueOnce({ token: 'T1', weak_psw: 0, device_token: 'dt.first' });
    await useUserStore.getState().login({ username: ' admin ', password: 'secret1', remember: true });
    expect(request).toHaveBeenCalledWith(Paths.login, expect.objectContaining({ remember: 1 }), undefined);
    expect(Cookies.get('username')).toBe('admin');
    expect(Cookies.get('password')).toBe('dt.first');
    expect(Object.values(Cookies.get())).not.toContain(hashPassword('secret1'));
  });

  it('sends the saved device token as is and keeps the next one the server issues', async () => {
    Cookies.set('username', 'admin');
    Cookies.set('password', 'dt.first');
    request.mockResolvedValueOnce({ token: 'T1', weak_psw: 0, device_token: 'dt.second' });
    await useUserStore.getState().login({ username: 'admin', password: 'dt.first', remember: true });
    expect(request.mock.calls[0]![1]).toMatchObject({ password: 'dt.first', remember: 1 });
    expect(Cookies.get('password')).toBe('dt.second');
  });

  it('without remember me nothing is kept, and no device token is asked for', async () => {
    Cookies.set('username', 'admin');
    Cookies.set('password', 'dt.first');
    request.mockResolvedValueOnce({ token: 'T1', weak_psw: 0 });
    await useUserStore.getState().login({ username: 'admin', password: 'secret1' });
    expect(request.mock.calls[0]![1]).not.toHaveProperty('remember');
    expect(Cookies.get('username')).toBeUndefined();
    expect(Cookies.get('password')).toBeUndefined();
  });

  it('a hand-off code is exchanged for a new session token', async () => {
    request.mockResolvedValueOnce({ token: 'NEW', weak_psw: 1 });
    await useUserStore.getState().acceptHandoff('code-1');
    expect(request).toHaveBeenCalledWith(Paths.handoffExchange, { code: 'code-1' }, undefined);
    expect(useUserStore.getState()).toMatchObject({ token: 'NEW', weakPsw: 1 });
    expect(Cookies.get('Admin-Token')).toBe('NEW');
  });

  it('a failed login removes the saved username and password and rejects', async () => {
    Cookies.set('username', 'admin');
    Cookies.set('password', hashPassword('secret1'));
    request.mockRejectedValueOnce(new Error('Account or password error'));
    await expect(useUserStore.getState().login({ username: 'admin', password: 'wrong12' })).rejects.toThrow(
      'Account or password error',
    );
    expect(Cookies.get('username')).toBeUndefined();
    expect(Cookies.get('password')).toBeUndefined();
    expect(useUserStore.getState().token).toBe('');
  });

  it('getInfo loads settings and credentials and sets the placeholders', async () => {
    request.mockImplementation(async (path: string) => {
      if (path === Paths.settings) return { title: 'GW', weak_psw: 0, home_logo: '/l.png', icon: '/i.ico' };
      if (path === Paths.credentials) {
        return {
          detail: { is_operations: 1, c_id: 9, username: 'admin' },
          lang: [{ value: 'en', label: 'English' }],
        };
      }
      throw new Error(path);
    });
    await useUserStore.getState().getInfo();
    const s = useUserStore.getState();
    expect(s).toMatchObject({ name: PLACEHOLDER_NAME, doctitle: 'GW', logo: '/l.png', icon: '/i.ico' });
    expect(s).toMatchObject({ isOperations: 1, cId: 9, roles: [] });
    expect(s.avatar).toMatch(/^data:image\/svg/);
  });

  it('getMenus keeps the tree and the Button list', async () => {
    const tree = [{ path: '/x', component: 'Layout', name: 'X', meta: { title: 't' } }];
    requestEnvelope.mockResolvedValueOnce({ code: 200, msg: 'ok', data: tree, Button: ['a:b:add', 3] });
    await expect(useUserStore.getState().getMenus()).resolves.toEqual({ menus: tree, buttons: ['a:b:add'] });
    expect(useUserStore.getState().btnlist).toEqual(['a:b:add']);
  });

  it('resetToken clears the token cookie and the user info', () => {
    useUserStore.getState().acceptToken('T2');
    expect(Cookies.get('Admin-Token')).toBe('T2');
    useUserStore.getState().resetToken();
    expect(Cookies.get('Admin-Token')).toBeUndefined();
    expect(useUserStore.getState()).toMatchObject({ token: '', name: '', roles: [] });
  });

  it('logout calls the endpoint, clears the session, saved login and tabs, and reloads', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    useUserStore.getState().acceptToken('T3');
    Cookies.set('username', 'admin');
    Cookies.set('password', 'h');
    sessionStorage.setItem('tagsView', '[]');
    request.mockResolvedValueOnce(null);
    await useUserStore.getState().logout();
    expect(request).toHaveBeenCalledWith(Paths.logout, {}, { loading: false });
    expect(Cookies.get('Admin-Token')).toBeUndefined();
    expect(Cookies.get('username')).toBeUndefined();
    expect(sessionStorage.getItem('tagsView')).toBeNull();
    expect(reload).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('changeMode asks the server and stores the mode it returns', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    request.mockResolvedValueOnce({ detail: { is_operations: 1 } });
    await useUserStore.getState().changeMode();
    expect(request).toHaveBeenCalledWith(
      Paths.changeMode,
      { is_operations: 1, method: 'changeMode' },
      undefined,
    );
    expect(useUserStore.getState().isOperations).toBe(1);
    expect(assign).toHaveBeenCalledWith('/');
    vi.unstubAllGlobals();
  });
});
