import { Code, Headers } from '@igs/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ClientEffects,
  createClient,
  RELOAD_DELAY_MS,
  refusedQuery,
  type Transport,
  type TransportRequest,
} from './client.ts';
import { NETWORK_FAILURE, RequestError } from './errors.ts';

type Reply = { status?: number; body?: unknown; fail?: boolean };

function setup(reply: Reply | ((request: TransportRequest) => Reply), session = {}) {
  const seen: TransportRequest[] = [];
  const transport: Transport = async (request) => {
    seen.push(request);
    const r = typeof reply === 'function' ? reply(request) : reply;
    if (r.fail) throw new TypeError('Failed to fetch');
    return { status: r.status ?? 200, body: r.body };
  };
  const effects: ClientEffects = {
    session: () => ({ token: 'tok', isOperations: 0, ...session }),
    siteIds: () => '3,4',
    resetToken: vi.fn(),
    reload: vi.fn(),
    navigate: vi.fn(),
    openWindow: vi.fn(),
    toastError: vi.fn(),
    toastSuccess: vi.fn(),
    translate: (key) => `T:${key}`,
    loadingStart: vi.fn(),
    loadingStop: vi.fn(),
  };
  const client = createClient(effects, transport);
  return { client, effects, seen };
}

const ok = (data: unknown, extra: object = {}) => ({ body: { code: Code.ok, msg: 'ok', data, ...extra } });

async function rejection(promise: Promise<unknown>): Promise<RequestError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RequestError);
    return error as RequestError;
  }
  throw new Error('expected a rejection');
}

describe('request: success', () => {
  it('resolves with data on code 200, POSTs JSON and sends IGSAuth', async () => {
    const { client, seen, effects } = setup(ok({ a: 1 }));
    await expect(client.request('/x', { b: 2 })).resolves.toEqual({ a: 1 });
    const config = seen[0]!;
    expect(config.method).toBe('POST');
    expect(config.url).toBe('/x');
    expect(config.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(config.body as string)).toEqual({ b: 2 });
    expect(config.headers[Headers.token]).toBe('tok');
    expect(effects.toastError).not.toHaveBeenCalled();
  });

  it('returns the whole envelope with sibling fields', async () => {
    const { client } = setup(ok([], { Button: ['a:b:add'] }));
    const envelope = await client.requestEnvelope('/menu');
    expect(envelope.Button).toEqual(['a:b:add']);
  });

  it('sends an urlencoded form when asked', async () => {
    const { client, seen } = setup(ok(null));
    await client.request('/f', { method: 'ping', ids: [1, 2], skip: undefined }, { form: true });
    const body = new URLSearchParams(String(seen[0]!.body));
    expect(String(seen[0]!.headers['Content-Type'])).toMatch(/x-www-form-urlencoded/);
    expect(body.get('method')).toBe('ping');
    expect(body.get('ids')).toBe('[1,2]');
    expect(body.has('skip')).toBe(false);
  });

  it('sends FormData as multipart', async () => {
    const { client, seen } = setup(ok(null));
    const form = new FormData();
    form.append('method', 'offline');
    await client.request('/m', form);
    expect(seen[0]!.body).toBe(form);
    // The browser sets the multipart boundary: no Content-Type of ours.
    expect(seen[0]!.headers['Content-Type']).toBeUndefined();
  });

  it('toasts the success text by option', async () => {
    const { client, effects } = setup(ok(null));
    await client.request('/s', {}, { successToast: 'msg.operationSuccessful' });
    expect(effects.toastSuccess).toHaveBeenCalledWith('T:msg.operationSuccessful');
  });

  it('GETs with params', async () => {
    const { client, seen } = setup(ok('done'));
    await expect(client.get('/clear', { a: 1 })).resolves.toBe('done');
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.url).toBe('/clear?a=1');
    expect(seen[0]!.body).toBeUndefined();
  });
});

describe('request: headers', () => {
  it('adds igs-sids and igs-cid only in operations mode', async () => {
    const full = setup(ok(null), { isOperations: 0, cId: 7 });
    await full.client.request('/x');
    expect(full.seen[0]!.headers[Headers.sites]).toBeUndefined();
    expect(full.seen[0]!.headers[Headers.customer]).toBeUndefined();

    const ops = setup(ok(null), { isOperations: 1, cId: 7 });
    await ops.client.request('/x');
    expect(ops.seen[0]!.headers[Headers.sites]).toBe('3,4');
    expect(ops.seen[0]!.headers[Headers.customer]).toBe('7');
  });

  it("sends the sites a call names instead of the address bar's, and none when it names none", async () => {
    const ops = setup(ok(null), { isOperations: 1 });
    await ops.client.request('/x', {}, { sites: '8' });
    await ops.client.request('/x', {}, { sites: null });
    await ops.client.get('/x', {}, { sites: '9,10' });
    await ops.client.request('/x');
    expect(ops.seen.map((r) => r.headers[Headers.sites])).toEqual(['8', undefined, '9,10', '3,4']);
    // Full mode sends no sites, named or not.
    const full = setup(ok(null), { isOperations: 0 });
    await full.client.request('/x', {}, { sites: '8' });
    expect(full.seen[0]!.headers[Headers.sites]).toBeUndefined();
  });

  it('omits IGSAuth without a token', async () => {
    const { client, seen } = setup(ok(null), { token: undefined });
    await client.request('/x');
    expect(seen[0]!.headers[Headers.token]).toBeUndefined();
  });
});

describe('request: loading overlay', () => {
  it('is on by default and stopped after the call', async () => {
    const { client, effects } = setup(ok(null));
    await client.request('/x');
    expect(effects.loadingStart).toHaveBeenCalledTimes(1);
    expect(effects.loadingStop).toHaveBeenCalledTimes(1);
  });

  it('is stopped after a failure too', async () => {
    const { client, effects } = setup({ body: { code: 400, msg: 'bad', data: null } });
    await rejection(client.request('/x'));
    expect(effects.loadingStop).toHaveBeenCalledTimes(1);
  });

  it('is off per call, with the no-loading header', async () => {
    const { client, effects, seen } = setup(ok(null));
    await client.request('/x', {}, { loading: false });
    expect(effects.loadingStart).not.toHaveBeenCalled();
    expect(seen[0]!.headers[Headers.noLoading]).toBe('1');
  });
});

describe('request: error catalogue', () => {
  beforeEach(() => {
    vi.useRealTimers();
  });

  it.each([Code.tokenInvalid, Code.sessionExpired])(
    'code %i resets the token and reloads after 200 ms',
    async (code) => {
      vi.useFakeTimers();
      const { client, effects } = setup({ body: { code, msg: 'expired', data: null } });
      const error = await rejection(client.request('/x'));
      expect(error.code).toBe(code);
      expect(effects.resetToken).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(RELOAD_DELAY_MS - 1);
      expect(effects.reload).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(effects.reload).toHaveBeenCalledTimes(1);
      expect(effects.toastError).not.toHaveBeenCalled();
    },
  );

  it('code 1007 opens the forced password change instead of a toast', async () => {
    const { client, effects } = setup({
      body: { code: Code.passwordChangeRequired, msg: 'change it first', data: null },
    });
    effects.passwordChangeRequired = vi.fn();
    const error = await rejection(client.request('/x'));
    expect(error.code).toBe(Code.passwordChangeRequired);
    expect(error.notified).toBe(true);
    expect(effects.passwordChangeRequired).toHaveBeenCalledTimes(1);
    expect(effects.toastError).not.toHaveBeenCalled();
    expect(effects.resetToken).not.toHaveBeenCalled();
  });

  it('code 1006 goes to /406 with the reply as query', async () => {
    const body = { code: Code.licenceRefused, msg: 'licence expired', data: { until: '2024-01-01' } };
    const { client, effects } = setup({ body });
    const error = await rejection(client.request('/x'));
    expect(error.code).toBe(1006);
    expect(effects.navigate).toHaveBeenCalledWith(refusedQuery(body));
    const url = new URL(refusedQuery(body), 'http://h');
    expect(url.pathname).toBe('/406');
    expect(url.searchParams.get('code')).toBe('1006');
    expect(url.searchParams.get('msg')).toBe('licence expired');
    expect(JSON.parse(url.searchParams.get('data')!)).toEqual({ until: '2024-01-01' });
  });

  it('code 500 opens the URL in data in a new window', async () => {
    const { client, effects } = setup({ body: { code: 500, msg: 'go', data: 'https://example.test/x' } });
    const error = await rejection(client.request('/x'));
    expect(error.code).toBe(500);
    expect(effects.openWindow).toHaveBeenCalledWith('https://example.test/x');
    expect(effects.toastError).not.toHaveBeenCalled();
  });

  it('code 500 also accepts data.url', async () => {
    const { client, effects } = setup({ body: { code: 500, msg: 'go', data: { url: '/download?t=1' } } });
    await rejection(client.request('/x'));
    expect(effects.openWindow).toHaveBeenCalledWith('/download?t=1');
  });

  it('other codes toast the server message and reject with code, msg and data', async () => {
    const { client, effects } = setup({
      body: { code: 422, msg: 'Verification code is wrong', data: { errors: [] } },
    });
    const error = await rejection(client.request('/x'));
    expect(effects.toastError).toHaveBeenCalledWith('Verification code is wrong');
    expect(error).toMatchObject({
      code: 422,
      msg: 'Verification code is wrong',
      data: { errors: [] },
      notified: true,
    });
  });

  it('an HTTP failure toasts the network error', async () => {
    const { client, effects } = setup({ status: 502, body: 'Bad gateway' });
    const error = await rejection(client.request('/x'));
    expect(error.code).toBe(NETWORK_FAILURE);
    expect(effects.toastError).toHaveBeenCalledWith('T:msg.networkError');
  });

  it('a network failure toasts the network error', async () => {
    const { client, effects } = setup({ fail: true });
    const error = await rejection(client.request('/x'));
    expect(error.code).toBe(NETWORK_FAILURE);
    expect(error.msg).toBe('T:msg.networkError');
    expect(effects.toastError).toHaveBeenCalledTimes(1);
  });

  it('a reply that is not an envelope counts as a network failure', async () => {
    const { client, effects } = setup({ body: '<html>proxy error</html>' });
    await rejection(client.request('/x'));
    expect(effects.toastError).toHaveBeenCalledWith('T:msg.networkError');
  });

  it('silent calls reject without a toast', async () => {
    const { client, effects } = setup({ body: { code: 400, msg: 'no', data: null } });
    const error = await rejection(client.request('/x', {}, { silent: true }));
    expect(effects.toastError).not.toHaveBeenCalled();
    expect(error.notified).toBe(false);
  });
});

describe('request: a reply already asked for (the served page early copyright call)', () => {
  it('is handled as the transport reply, without sending the call again', async () => {
    const { client, seen } = setup(ok({ sent: true }));
    const reply = Promise.resolve({ status: 200, body: { code: Code.ok, msg: 'ok', data: { early: true } } });
    await expect(client.request('/x', {}, { reply })).resolves.toEqual({ early: true });
    expect(seen).toHaveLength(0);
  });

  it('fails as the call would: a refused envelope, or the early fetch failing as a network failure', async () => {
    const { client, effects } = setup(ok({}));
    const refused = Promise.resolve({ status: 200, body: { code: 1001, msg: 'no', data: null } });
    expect((await rejection(client.request('/x', {}, { reply: refused, silent: true }))).code).toBe(1001);
    const lost = Promise.reject(new TypeError('Failed to fetch'));
    const error = await rejection(client.request('/x', {}, { reply: lost, silent: true }));
    expect(error.code).toBe(NETWORK_FAILURE);
    expect(effects.toastError).not.toHaveBeenCalled();
  });
});
