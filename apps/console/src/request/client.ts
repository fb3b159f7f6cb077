import { Code, type Envelope, Headers } from '@igs/contract';
import { NETWORK_FAILURE, RequestError } from './errors.ts';
import type { RequestSession } from './session.ts';

export type RequestBody = object | FormData;

export interface RequestOptions {
  /** The loading overlay is on by default (spec section 7); pass false to keep it off. */
  loading?: boolean;
  /** Send an urlencoded form (the "method" style calls) instead of JSON. */
  form?: boolean;
  /** Text or i18n key to toast when the call succeeds. */
  successToast?: string;
  /** Do not toast failures (the copyright call, whose errors are ignored: spec section 8). */
  silent?: boolean;
  headers?: Record<string, string>;
  /**
   * The operations-mode sites of this call (the `igs-sids` header), as the page that makes it
   * names them (features/sites). Given, even as null (no site), it replaces the default read of
   * the address bar, which at click time may be another page's; left out, that default applies.
   */
  sites?: string | null;
  /**
   * The reply of this very call, already asked for (the served page's early copyright call,
   * start/early.ts): handled as if the transport had returned it, without sending the call again.
   */
  reply?: Promise<TransportReply>;
}

/** An upload: the request options, its progress and a way to cancel it. */
export interface UploadOptions extends RequestOptions {
  /** Whole percent of the body sent so far. */
  onProgress?: (percent: number) => void;
  /** Aborting cancels the upload; the call then rejects without a toast. */
  signal?: AbortSignal;
}

/** Everything the client does to the outside world, injected so each branch can be tested. */
export interface ClientEffects {
  session: () => RequestSession;
  /** The current route's query `id`: the operations-mode site ids. */
  siteIds: () => string | null;
  resetToken: () => void | Promise<void>;
  reload: () => void;
  navigate: (to: string) => void;
  openWindow: (url: string) => void;
  toastError: (text: string) => void;
  toastSuccess: (text: string) => void;
  translate: (key: string) => string;
  loadingStart: () => void;
  loadingStop: () => void;
  /** Code 1007: the account must change its weak password first; opens the forced change dialog. */
  passwordChangeRequired?: () => void;
  /** The reply to this exact call if the served page already sent it (start/early.ts `takeEarlyCall`). */
  earlyReply?: (request: TransportRequest) => Promise<TransportReply> | undefined;
}

export type EnvelopeWith<T> = Envelope<T> & Record<string, unknown>;

export interface TransportRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string | URLSearchParams | FormData;
  /** Bytes of the body sent so far (upload transports only). */
  onUploadProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

export interface TransportReply {
  status: number;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
}

/** Sends one HTTP request; swapped for a fake in tests. */
export type Transport = (request: TransportRequest) => Promise<TransportReply>;

/**
 * The browser's fetch: host-relative, no time-out (spec section 7). A library such as axios would
 * add some 18 KB (Brotli) to the sign-in page for nothing the client uses (docs/performance.md).
 */
export const fetchTransport: Transport = async ({ url, method, headers, body }) => {
  const response = await fetch(url, { method, headers, body, credentials: 'same-origin' });
  return { status: response.status, body: parseJson(await response.text()) };
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * XMLHttpRequest, for uploads: fetch cannot report how much of a request body has been sent, and
 * a large file wants a progress bar. Same contract as `fetchTransport`: the status and the parsed
 * body, or a rejection when no answer came (network failure, abort).
 */
export const xhrTransport: Transport = ({ url, method, headers, body, onUploadProgress, signal }) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (onUploadProgress)
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onUploadProgress(e.loaded, e.total);
      };
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => signal?.removeEventListener('abort', abort);
    xhr.onerror = () => {
      done();
      reject(new TypeError('Failed to upload'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    };
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
    };
    xhr.send(body ?? null);
  });

/** Reload delay after 1002/1005, so the token reset is written before the page goes (spec section 8). */
export const RELOAD_DELAY_MS = 200;

function toForm(data: object): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form;
}

/** The /406 page shows the refused reply, so it travels in the query. */
export function refusedQuery(envelope: Envelope<unknown>): string {
  const query = new URLSearchParams({ code: String(envelope.code), msg: envelope.msg ?? '' });
  if (envelope.data !== undefined && envelope.data !== null) query.set('data', JSON.stringify(envelope.data));
  return `/406?${query.toString()}`;
}

function urlOf(data: unknown): string | undefined {
  if (typeof data === 'string' && data) return data;
  if (data && typeof data === 'object' && 'url' in data && typeof data.url === 'string') return data.url;
  return undefined;
}

function withQuery(path: string, params: object | undefined): string {
  if (!params) return path;
  const query = toForm(params).toString();
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

export function createClient(
  effects: ClientEffects,
  transport: Transport = fetchTransport,
  uploadTransport: Transport = xhrTransport,
) {
  function headersFor(opts: RequestOptions): Record<string, string> {
    const session = effects.session();
    const headers: Record<string, string> = { ...opts.headers };
    if (session.token) headers[Headers.token] = session.token;
    if (session.isOperations === 1) {
      const sites = opts.sites !== undefined ? opts.sites : effects.siteIds();
      if (sites) headers[Headers.sites] = sites;
      if (session.cId !== undefined && session.cId !== '') headers[Headers.customer] = String(session.cId);
    }
    if (opts.loading === false) headers[Headers.noLoading] = '1';
    return headers;
  }

  /** Apply the error catalogue of spec section 8 to a reply whose code is not 200. */
  function fail(envelope: Envelope<unknown>, opts: RequestOptions): never {
    const toastError = opts.silent ? () => {} : effects.toastError;
    const { code, msg, data } = envelope;
    let notified = false;
    switch (code) {
      case Code.tokenInvalid:
      case Code.sessionExpired:
        void Promise.resolve(effects.resetToken()).then(() => setTimeout(effects.reload, RELOAD_DELAY_MS));
        break;
      case Code.licenceRefused:
        effects.navigate(refusedQuery(envelope));
        break;
      case Code.passwordChangeRequired:
        // Not a toast: the forced change dialog says what to do, and every refused call would
        // otherwise add one (issue 12, item 4).
        effects.passwordChangeRequired?.();
        notified = true;
        break;
      case Code.openUrl: {
        const url = urlOf(data);
        if (url) effects.openWindow(url);
        else {
          toastError(msg);
          notified = !opts.silent;
        }
        break;
      }
      default:
        toastError(msg || effects.translate('msg.hasError'));
        notified = !opts.silent;
    }
    throw new RequestError(code, msg, data, notified);
  }

  async function send<T>(
    call: Omit<TransportRequest, 'headers'> & { headers?: Record<string, string> },
    opts: RequestOptions,
    via: Transport = transport,
  ): Promise<EnvelopeWith<T>> {
    const showLoading = opts.loading !== false;
    if (showLoading) effects.loadingStart();
    try {
      let envelope: EnvelopeWith<T>;
      try {
        const sent = { ...call, headers: { ...headersFor(opts), ...call.headers } };
        const reply = await (opts.reply ?? effects.earlyReply?.(sent) ?? via(sent));
        // Replies are always HTTP 200; anything else is a transport failure.
        if (reply.status !== 200) throw new Error(`HTTP ${reply.status}`);
        envelope = reply.body as EnvelopeWith<T>;
        if (!envelope || typeof envelope !== 'object' || typeof envelope.code !== 'number') {
          throw new Error('not an envelope');
        }
      } catch (error) {
        // Cancelled by the caller (an upload given up): nothing to tell the user.
        if (call.signal?.aborted) throw new RequestError(NETWORK_FAILURE, '', error, false);
        const text = effects.translate('msg.networkError');
        if (!opts.silent) effects.toastError(text);
        throw new RequestError(NETWORK_FAILURE, text, error, !opts.silent);
      }
      if (envelope.code !== Code.ok) fail(envelope, opts);
      if (opts.successToast) effects.toastSuccess(effects.translate(opts.successToast));
      return envelope;
    } finally {
      if (showLoading) effects.loadingStop();
    }
  }

  function postOf(path: string, data: RequestBody | undefined, opts: RequestOptions) {
    if (data === undefined) return { url: path, method: 'POST' as const };
    // multipart: the browser sets the boundary
    if (data instanceof FormData) return { url: path, method: 'POST' as const, body: data };
    if (opts.form) {
      const headers = { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' };
      return { url: path, method: 'POST' as const, headers, body: toForm(data) };
    }
    const headers = { 'Content-Type': 'application/json' };
    return { url: path, method: 'POST' as const, headers, body: JSON.stringify(data) };
  }

  /** POST and return the whole envelope, for replies with sibling fields (auth_menu's `Button`). */
  function requestEnvelope<T>(path: string, data?: RequestBody, opts: RequestOptions = {}) {
    return send<T>(postOf(path, data, opts), opts);
  }

  /** POST and resolve with the envelope's `data`. */
  async function request<T>(path: string, data?: RequestBody, opts: RequestOptions = {}): Promise<T> {
    return (await requestEnvelope<T>(path, data, opts)).data;
  }

  /** GET (clear_cache is the one GET call of spec section 7). */
  async function get<T>(path: string, params?: object, opts: RequestOptions = {}): Promise<T> {
    return (await send<T>({ url: withQuery(path, params), method: 'GET' }, opts)).data;
  }

  /**
   * POST a multipart body with upload progress (DOMAIN 3.6): the same headers, site, loading and
   * error handling (1002, 1005, 1006, 1007, …) as any call, over XMLHttpRequest. Resolves with
   * the envelope's `data`.
   */
  async function upload<T>(path: string, data: FormData, opts: UploadOptions = {}): Promise<T> {
    const { onProgress, signal, ...rest } = opts;
    const onUploadProgress = onProgress
      ? (loaded: number, total: number) => onProgress(total > 0 ? Math.round((loaded / total) * 100) : 0)
      : undefined;
    const call = { url: path, method: 'POST' as const, body: data, onUploadProgress, signal };
    return (await send<T>(call, rest, uploadTransport)).data;
  }

  return { request, requestEnvelope, get, upload };
}

export type Client = ReturnType<typeof createClient>;
