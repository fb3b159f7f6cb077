import { Code, type FieldError, type Lang, type Localized, texts } from '@igs/contract';
import { isHost, isHostName, isIPv4, isIPv6, normalizeMac, parseCidr } from '../lib/ipv4.ts';
import { ApiError } from './errors.ts';

export type Label = Record<Lang, string>;

interface TextOpts {
  required?: boolean;
  max?: number;
  /** The value of an omitted field. */
  def?: string;
}

interface AddrOpts {
  required?: boolean;
  def?: string;
}

/**
 * Reads one settings form (JSON or urlencoded: numbers may come as text, lists as JSON text or
 * comma-separated) and collects every problem as `{field, msg}` in the caller's language, so one
 * 422 lists them all (DOMAIN 3.5). Nothing is written unless `done()` passes.
 */
export class FormReader {
  readonly errors: FieldError[] = [];
  private readonly body: Record<string, unknown>;
  private readonly lang: Lang;
  private readonly labels: Record<string, Label>;
  private readonly prefix: string;

  constructor(body: Record<string, unknown>, lang: Lang, labels: Record<string, Label>, prefix = '') {
    this.body = body ?? {};
    this.lang = lang;
    this.labels = labels;
    this.prefix = prefix;
  }

  /** A reader over a nested object (a list row): its fields are reported as `rules.2.name`. */
  child(body: unknown, prefix: string): FormReader {
    const r = new FormReader(
      (body && typeof body === 'object' ? body : {}) as Record<string, unknown>,
      this.lang,
      this.labels,
      `${this.prefix}${prefix}.`,
    );
    // Problems of the row land in this reader's list.
    (r as { errors: FieldError[] }).errors = this.errors;
    return r;
  }

  label(name: string): string {
    return this.labels[name]?.[this.lang] ?? name;
  }

  /** Notes a problem of the field (its first only), in the reader's language. */
  fail(name: string, text: Localized): void {
    const field = this.prefix + name;
    if (!this.errors.some((e) => e.field === field)) this.errors.push({ field, msg: text[this.lang] });
  }

  has(name: string): boolean {
    const v = this.body[name];
    return v !== undefined && v !== null;
  }

  raw(name: string): unknown {
    return this.body[name];
  }

  private required(name: string): void {
    const l = this.label(name);
    this.fail(name, texts('network.required', { l }));
  }

  /**
   * An omitted field takes `def` (on edit: the stored value, DOMAIN 3.2); an empty one is empty.
   */
  text(name: string, opts: TextOpts = {}): string {
    const v = this.body[name];
    if (v === undefined || v === null) {
      if (opts.required && !opts.def) this.required(name);
      return opts.def ?? '';
    }
    if (v === '') {
      if (opts.required) this.required(name);
      return '';
    }
    if (typeof v !== 'string' && typeof v !== 'number') {
      const l = this.label(name);
      this.fail(name, texts('network.mustText', { l }));
      return opts.def ?? '';
    }
    const s = String(v).trim();
    const max = opts.max ?? 255;
    if (s.length > max) {
      const l = this.label(name);
      this.fail(name, texts('network.mustMostCharacters', { l, max }));
    }
    if (s === '' && opts.required) this.required(name);
    return s;
  }

  /** A value safe inside a quoted directive (ppp, OpenVPN): printable, no quotes or backslashes. */
  plain(name: string, opts: TextOpts = {}): string {
    const s = this.text(name, opts);
    if (s && (!/^[\x20-\x7e]+$/.test(s) || /["\\]/.test(s))) {
      const l = this.label(name);
      this.fail(name, texts('network.mayHoldPrintableCharacters', { l }));
    }
    return s;
  }

  int(name: string, opts: { min: number; max: number; def: number; required?: boolean }): number {
    const v = this.body[name];
    if (v === undefined || v === null || v === '') {
      if (opts.required) this.required(name);
      return opts.def;
    }
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < opts.min || n > opts.max) {
      const l = this.label(name);
      this.fail(name, texts('network.mustWholeNumber', { l, min: opts.min, max: opts.max }));
      return opts.def;
    }
    return n;
  }

  bool(name: string, def: 0 | 1): 0 | 1 {
    const v = this.body[name];
    if (v === undefined || v === null || v === '') return def;
    if (v === 1 || v === '1' || v === true || v === 'true') return 1;
    if (v === 0 || v === '0' || v === false || v === 'false') return 0;
    const l = this.label(name);
    this.fail(name, texts('network.mustBeFlag', { l }));
    return def;
  }

  oneOf<T extends string>(name: string, options: readonly T[], def?: T): T {
    const v = this.body[name];
    if ((v === undefined || v === null || v === '') && def !== undefined) return def;
    if (typeof v === 'string' && (options as readonly string[]).includes(v)) return v as T;
    const l = this.label(name);
    if (v === undefined || v === null || v === '') this.required(name);
    else this.fail(name, texts('network.mustOne', { l, options: options.join(', ') }));
    return def ?? options[0]!;
  }

  ipv4(name: string, opts: AddrOpts = {}): string {
    const s = this.text(name, { ...opts, max: 15 });
    if (s && !isIPv4(s)) {
      const l = this.label(name);
      this.fail(name, texts('network.mustIpv4AddressSuch', { l }));
      return '';
    }
    return s;
  }

  /** IPv4 or IPv6. */
  ip(name: string, opts: AddrOpts = {}): string {
    const s = this.text(name, { ...opts, max: 45 });
    if (s && !isIPv4(s) && !isIPv6(s)) {
      const l = this.label(name);
      this.fail(name, texts('network.mustIpAddress', { l }));
      return '';
    }
    return s;
  }

  cidr(name: string, opts: AddrOpts = {}): string {
    const s = this.text(name, { ...opts, max: 18 });
    if (s && !parseCidr(s)) {
      const l = this.label(name);
      this.fail(name, texts('network.mustAddressPrefixSuch', { l }));
      return '';
    }
    return s;
  }

  mac(name: string, opts: AddrOpts = {}): string {
    const s = this.text(name, { ...opts, max: 17 });
    if (!s) return '';
    const m = normalizeMac(s);
    if (!m) {
      const l = this.label(name);
      this.fail(name, texts('network.mustMacAddressSuch', { l }));
      return '';
    }
    return m;
  }

  /** A host name or an address; never something that reads as an option (`-x`). */
  host(name: string, opts: AddrOpts & { namesOnly?: boolean } = {}): string {
    const s = this.text(name, { required: opts.required, def: opts.def, max: 253 });
    if (s && (opts.namesOnly ? !isHostName(s) : !isHost(s))) {
      const l = this.label(name);
      this.fail(name, texts('network.mustHostNameIp', { l }));
      return '';
    }
    return s;
  }

  /** A list: a JSON array, JSON text of one, or comma/space/newline-separated text. */
  list(name: string, max = 100, def: unknown[] = []): unknown[] {
    let v = this.body[name];
    if (v === undefined || v === null) return def;
    if (v === '') return [];
    if (typeof v === 'string') {
      const t = v.trim();
      if (t.startsWith('[')) {
        try {
          v = JSON.parse(t);
        } catch {
          v = undefined;
        }
      } else {
        v = t.split(/[\s,;]+/).filter(Boolean);
      }
    }
    if (!Array.isArray(v)) {
      const l = this.label(name);
      this.fail(name, texts('network.mustList', { l }));
      return [];
    }
    if (v.length > max) {
      const l = this.label(name);
      this.fail(name, texts('network.mostEntries', { l, max }));
      return v.slice(0, max);
    }
    return v;
  }

  /** Throws the 422 listing every problem; the first one is the reply's `msg`. */
  done(): void {
    if (!this.errors.length) return;
    const first = this.errors[0]!;
    throw new ApiError(Code.invalid, first.msg, { errors: this.errors });
  }
}

/** A 422 for one field outside a form (cross-record rules). */
export function fieldError(lang: Lang, field: string, text: Localized): ApiError {
  const msg = text[lang];
  return new ApiError(Code.invalid, msg, { errors: [{ field, msg }] });
}
