import { Paths } from '@igs/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const request = vi.fn();
const requestEnvelope = vi.fn();
vi.mock('../request/index.ts', () => ({ request, requestEnvelope, bindSession: vi.fn() }));

const { loadSession } = await import('./session.ts');
const { useUserStore } = await import('../stores/user.ts');

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('loadSession', () => {
  beforeEach(() => {
    request.mockReset();
    requestEnvelope.mockReset();
    useUserStore.getState().resetToken();
  });

  it('asks for the menus at once, beside settings and credentials, and builds routes after both', async () => {
    const settings = deferred<unknown>();
    request.mockImplementation((path: string) =>
      path === Paths.settings
        ? settings.promise
        : Promise.resolve({ detail: { is_operations: 0, c_id: 0 }, lang: [] }),
    );
    requestEnvelope.mockResolvedValue({ code: 200, msg: 'ok', data: [], Button: ['a:b:add'] });
    const session = loadSession();
    await Promise.resolve();
    // The menu call went out while settings is still pending: no round trip spent waiting.
    expect(requestEnvelope).toHaveBeenCalledWith(Paths.authMenu, {}, { silent: true });
    settings.resolve({ title: 'T', weak_psw: 0, home_logo: '', icon: '' });
    await expect(session).resolves.toBeInstanceOf(Array);
    expect(useUserStore.getState().doctitle).toBe('T');
  });

  it('a failed menu call rejects once the others are done, for the guard to report', async () => {
    request.mockImplementation((path: string) =>
      Promise.resolve(
        path === Paths.settings
          ? { title: 'T', weak_psw: 0, home_logo: '', icon: '' }
          : { detail: { is_operations: 0, c_id: 0 }, lang: [] },
      ),
    );
    requestEnvelope.mockRejectedValue(new Error('menus failed'));
    await expect(loadSession()).rejects.toThrow('menus failed');
  });
});
