import { Code, Headers } from '@igs/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ClientEffects, createClient, RELOAD_DELAY_MS, type Transport, xhrTransport } from './client.ts';
import { NETWORK_FAILURE, RequestError } from './errors.ts';

/**
 * Uploads go through the request layer (issue 14 item 4): the XHR transport reports the body's
 * progress, and the reply meets the same headers, sites and error handling as any call.
 */

/** A scripted XMLHttpRequest: records what is sent, and lets the test play the upload and the reply. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  /** The browser's progress events, then the reply. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  reply(body: unknown, status = 200) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

function effects(session: object = {}): ClientEffects {
  return {
    session: () => ({ token: 'tok', isOperations: 1, cId: 2, ...session }),
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
    passwordChangeRequired: vi.fn(),
  };
}

const neverFetch: Transport = () => Promise.reject(new Error('uploads do not go through fetch'));

function file() {
  const fd = new FormData();
  fd.append('kind', 'image');
  fd.append('file', new Blob(['png']), 'a.png');
  return fd;
}

/** Lets the client's `await`s run, so the XHR has been opened and sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('upload through the request layer (XHR transport)', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('reports progress in whole percent and resolves with the data, sending the session headers and the named sites', async () => {
    const fx = effects();
    const client = createClient(fx, neverFetch);
    const percents: number[] = [];
    const done = client.upload<{ id: string }>('/admin.php/common/upload', file(), {
      loading: false,
      sites: '8',
      onProgress: (p) => percents.push(p),
    });
    await settle();
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/admin.php/common/upload');
    expect(xhr.body).toBeInstanceOf(FormData);
    expect(xhr.headers[Headers.token]).toBe('tok');
    expect(xhr.headers[Headers.sites]).toBe('8');
    expect(xhr.headers[Headers.customer]).toBe('2');
    // multipart: the browser sets the content type with its boundary
    expect(Object.keys(xhr.headers).some((h) => h.toLowerCase() === 'content-type')).toBe(false);
    xhr.progress(0, 300);
    xhr.progress(100, 300);
    xhr.progress(300, 300);
    xhr.reply({ code: Code.ok, msg: 'ok', data: { id: 'u1' } });
    await expect(done).resolves.toEqual({ id: 'u1' });
    expect(percents).toEqual([0, 33, 100]);
    expect(fx.loadingStart).not.toHaveBeenCalled();
  });

  it('a 1002 reply resets the session and reloads, like any call', async () => {
    const fx = effects();
    const client = createClient(fx, neverFetch);
    const done = client.upload('/admin.php/common/upload', file(), { loading: false });
    await settle();
    vi.useFakeTimers();
    FakeXhr.last.reply({ code: Code.tokenInvalid, msg: 'token invalid', data: null });
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).code).toBe(Code.tokenInvalid);
    expect(fx.resetToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RELOAD_DELAY_MS);
    expect(fx.reload).toHaveBeenCalledTimes(1);
    expect(fx.toastError).not.toHaveBeenCalled();
  });

  it('a refusal is toasted once by the layer (the caller need not), 1007 opens the forced change', async () => {
    const fx = effects();
    const client = createClient(fx, neverFetch);
    const refused = client.upload('/admin.php/common/upload', file());
    await settle();
    FakeXhr.last.reply({ code: 400, msg: 'file too large', data: null });
    const error = (await refused.catch((e: unknown) => e)) as RequestError;
    expect(error.notified).toBe(true);
    expect(fx.toastError).toHaveBeenCalledWith('file too large');
    // The overlay is on by default, as for any call, and always taken down.
    expect(fx.loadingStart).toHaveBeenCalledTimes(1);
    expect(fx.loadingStop).toHaveBeenCalledTimes(1);

    const weak = client.upload('/admin.php/common/upload', file());
    await settle();
    FakeXhr.last.reply({ code: Code.passwordChangeRequired, msg: 'change it', data: null });
    await weak.catch(() => undefined);
    expect(fx.passwordChangeRequired).toHaveBeenCalledTimes(1);
  });

  it('without a named site, takes the default; a network failure is a network failure', async () => {
    const fx = effects();
    const client = createClient(fx, neverFetch);
    const failed = client.upload('/admin.php/common/upload', file());
    await settle();
    expect(FakeXhr.last.headers[Headers.sites]).toBe('3,4');
    FakeXhr.last.onerror?.();
    const error = (await failed.catch((e: unknown) => e)) as RequestError;
    expect(error.code).toBe(NETWORK_FAILURE);
    expect(fx.toastError).toHaveBeenCalledWith('T:msg.networkError');
  });

  it('a cancelled upload aborts the XHR and rejects without a toast', async () => {
    const fx = effects();
    const client = createClient(fx, neverFetch);
    const controller = new AbortController();
    const cancelled = client.upload('/admin.php/common/upload', file(), { signal: controller.signal });
    await settle();
    controller.abort();
    expect(FakeXhr.last.aborted).toBe(true);
    const error = (await cancelled.catch((e: unknown) => e)) as RequestError;
    expect(error).toBeInstanceOf(RequestError);
    expect(error.notified).toBe(false);
    expect(fx.toastError).not.toHaveBeenCalled();
  });

  it('the transport parses the reply, and a body that is not JSON is left undefined', async () => {
    const sent = xhrTransport({ url: '/u', method: 'POST', headers: { a: 'b' }, body: file() });
    FakeXhr.last.reply('<html>bad gateway</html>', 502);
    await expect(sent).resolves.toEqual({ status: 502, body: undefined });
  });
});
