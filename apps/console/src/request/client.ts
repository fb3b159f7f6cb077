import { Code, type Envelope, Headers } from '@igs/contract';
import axios, { type AxiosInstance, type AxiosRequestConfig } from 'axios';
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
}

export type EnvelopeWith<T> = Envelope<T> & Record<string, unknown>;

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

export function createClient(effects: ClientEffects, instance: AxiosInstance = axios.create()) {
  // Host-relative base and no time-out (spec section 7).
  instance.defaults.baseURL = '';
  instance.defaults.timeout = 0;

  function headersFor(opts: RequestOptions): Record<string, string> {
    const session = effects.session();
    const headers: Record<string, string> = { ...opts.headers };
    if (session.token) headers[Headers.token] = session.token;
    if (session.isOperations === 1) {
      const sites = effects.siteIds();
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

  async function send<T>(config: AxiosRequestConfig, opts: RequestOptions): Promise<EnvelopeWith<T>> {
    const showLoading = opts.loading !== false;
    if (showLoading) effects.loadingStart();
    try {
      let envelope: EnvelopeWith<T>;
      try {
        const response = await instance.request<EnvelopeWith<T>>({
          ...config,
          headers: { ...headersFor(opts), ...config.headers },
          // Replies are always HTTP 200; anything else is a transport failure.
          validateStatus: (status) => status === 200,
        });
        envelope = response.data;
        if (!envelope || typeof envelope !== 'object' || typeof envelope.code !== 'number') {
          throw new Error('not an envelope');
        }
      } catch (error) {
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

  function bodyFor(data: RequestBody | undefined, opts: RequestOptions): unknown {
    if (data === undefined) return undefined;
    if (data instanceof FormData) return data; // multipart: the browser sets the boundary
    return opts.form ? toForm(data) : data;
  }

  /** POST and return the whole envelope, for replies with sibling fields (auth_menu's `Button`). */
  function requestEnvelope<T>(path: string, data?: RequestBody, opts: RequestOptions = {}) {
    return send<T>({ url: path, method: 'POST', data: bodyFor(data, opts) }, opts);
  }

  /** POST and resolve with the envelope's `data`. */
  async function request<T>(path: string, data?: RequestBody, opts: RequestOptions = {}): Promise<T> {
    return (await requestEnvelope<T>(path, data, opts)).data;
  }

  /** GET (clear_cache is the one GET call of spec section 7). */
  async function get<T>(path: string, params?: object, opts: RequestOptions = {}): Promise<T> {
    return (await send<T>({ url: path, method: 'GET', params }, opts)).data;
  }

  return { request, requestEnvelope, get, instance };
}

export type Client = ReturnType<typeof createClient>;
