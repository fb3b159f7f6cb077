import { Code, type Envelope, Headers } from '@igs/contract';

/**
 * Runs a system tool and hands its output on as it arrives. The server answers a refused run
 * (validation, permission, a missing program, a run already going) with the usual JSON envelope,
 * and a started run with text/plain written chunk by chunk; fetch's body reader sees each chunk.
 */

export const TOOLS_PATH = '/admin.php/system/ping';

export interface ToolRun {
  tool: string;
  host?: string;
  count?: number;
  port?: number;
  iface?: string;
}

export class ToolRefused extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(envelope: Envelope<unknown>) {
    super(envelope.msg);
    this.code = envelope.code;
    this.data = envelope.data;
  }
}

export interface StreamOptions {
  token?: string;
  signal?: AbortSignal;
  onText: (text: string) => void;
  fetchImpl?: typeof fetch;
}

/** Resolves when the run's output has ended; rejects with ToolRefused when the server refused it. */
export async function streamTool(run: ToolRun, opts: StreamOptions): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json', [Headers.noLoading]: '1' };
  if (opts.token) headers[Headers.token] = opts.token;
  const body: Record<string, unknown> = { method: 'run', tool: run.tool };
  for (const k of ['host', 'count', 'port', 'iface'] as const) {
    const v = run[k];
    if (v !== undefined && v !== '') body[k] = v;
  }
  const res = await (opts.fetchImpl ?? fetch)(TOOLS_PATH, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    credentials: 'same-origin',
    signal: opts.signal,
  });
  if (res.status !== 200) throw new ToolRefused({ code: res.status, msg: `HTTP ${res.status}`, data: null });
  if ((res.headers.get('content-type') ?? '').includes('application/json')) {
    const envelope = (await res.json()) as Envelope<unknown>;
    throw new ToolRefused(envelope.code === Code.ok ? { ...envelope, code: Code.unexpected } : envelope);
  }
  if (!res.body) {
    opts.onText(await res.text());
    return;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const text = decoder.decode(value, { stream: true });
    if (text) opts.onText(text);
  }
  const rest = decoder.decode();
  if (rest) opts.onText(rest);
}

const HOST_LABEL = /^[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** The server's host rule, checked before sending so a typo is caught at once (the server checks again). */
export function looksLikeHost(host: string): boolean {
  if (!host || host.length > 253 || host.startsWith('-') || /\s/.test(host)) return false;
  if (IPV4.test(host)) return true;
  if (host.includes(':')) return /^[0-9A-Fa-f:.]+$/.test(host) && host.split(':').length >= 3;
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  return name.split('.').every((l) => HOST_LABEL.test(l));
}
