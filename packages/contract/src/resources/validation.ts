import { z } from 'zod';
import { cronError } from '../cron.ts';
import type { Lang } from '../messages.ts';
import { RULE_TEXTS } from '../rule-texts.ts';
import { writableFields } from './defaults.ts';
import type { FieldDef, ResourceDef } from './types.ts';

/**
 * One zod schema per resource and form mode, used by the server at the boundary and by the
 * console's forms, so a rule and its message exist once. Messages name the field's label in the
 * caller's language.
 */
const T = {
  ...RULE_TEXTS,
  /** A required choice (a list, a record, a file) is chosen, not written: 请选择, not 请填写. */
  choose: { en: (l: string) => `${l} is required`, zh_CN: (l: string) => `请选择${l}` },
  tooLong: {
    en: (l: string, n: number) => `${l} must be at most ${n} characters`,
    zh_CN: (l: string, n: number) => `${l}不能超过${n}个字符`,
  },
  number: { en: (l: string) => `${l} must be a number`, zh_CN: (l: string) => `${l}必须是数字` },
  list: { en: (l: string) => `${l} must be a list`, zh_CN: (l: string) => `${l}必须是列表` },
  group: { en: (l: string) => `${l} must be a group of fields`, zh_CN: (l: string) => `${l}格式不正确` },
  row: {
    en: (l: string, n: number, m: string) => `${l}, row ${n}: ${m}`,
    zh_CN: (l: string, n: number, m: string) => `${l}第${n}行：${m}`,
  },
} as const;

/**
 * Why a cron expression is not a valid five-field one, in `lang`; null when it is. The server's
 * schemas (`recordSchema`) use cron.ts's `cronError`, which brings cron-parser and luxon (some 30 KB
 * gzip); the console passes its own to `recordSchemaWith`, loading them only with a form that has a
 * cron field (apps/console/src/features/resource/cron-check.ts).
 */
export type CronCheck = (expr: string, lang: Lang) => string | null;

const CHOSEN: readonly FieldDef['type'][] = ['enum', 'enums', 'ref', 'refs', 'file', 'date', 'time', 'dt'];

/** "X is required" in the words a form uses for the field: chosen or written. */
function requiredText(f: FieldDef, lang: Lang): string {
  return (CHOSEN.includes(f.type) ? T.choose : T.required)[lang](f.label[lang]);
}

/** The words of an enum's values for a message: the labels where the description has them. */
function optionWords(f: FieldDef, lang: Lang): string {
  return (f.options ?? []).map((o) => f.optionLabels?.[o]?.[lang] ?? o).join(lang === 'zh_CN' ? '、' : ', ');
}

const FORMATS: Partial<Record<FieldDef['type'], { re: RegExp; what: Record<Lang, string> }>> = {
  date: {
    re: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
    what: { en: 'YYYY-MM-DD', zh_CN: 'YYYY-MM-DD' },
  },
  time: { re: /^([01]\d|2[0-3]):[0-5]\d$/, what: { en: 'HH:mm', zh_CN: 'HH:mm' } },
  dt: {
    re: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/,
    what: { en: 'YYYY-MM-DD HH:mm:ss', zh_CN: 'YYYY-MM-DD HH:mm:ss' },
  },
  ip: {
    re: /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$|^[0-9a-fA-F:]*:[0-9a-fA-F:]+$/,
    what: { en: 'an IP address', zh_CN: '应为IP地址' },
  },
  cidr: {
    re: /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\/([12]?\d|3[0-2])$/,
    what: { en: 'an address/prefix such as 192.168.1.1/24', zh_CN: '应为地址/前缀，如 192.168.1.1/24' },
  },
  mac: {
    re: /^[0-9a-fA-F]{2}([:-][0-9a-fA-F]{2}){5}$/,
    what: { en: 'a MAC address such as 00:11:22:aa:bb:cc', zh_CN: '应为MAC地址，如 00:11:22:aa:bb:cc' },
  },
  host: {
    re: /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*\.?$|^[0-9a-fA-F:]*:[0-9a-fA-F:]+$/,
    what: { en: 'a host name or address', zh_CN: '应为主机名或地址' },
  },
  url: {
    re: /^(https?|rtsp|rtmp|rtp|udp):\/\/[^\s]+$/i,
    what: {
      en: 'a URL (http, https, rtsp, rtmp, rtp or udp)',
      zh_CN: '应为 http、https、rtsp、rtmp、rtp 或 udp 地址',
    },
  },
  cron: {
    re: /^(\S+\s+){4}\S+$/,
    what: { en: 'a five-field cron expression', zh_CN: '应为五段式 cron 表达式' },
  },
};

function fieldSchema(f: FieldDef, lang: Lang, cron: CronCheck): z.ZodType {
  const label = f.label[lang];
  const required = requiredText(f, lang);
  switch (f.type) {
    case 'int':
    case 'num':
    case 'ref': {
      const min = f.min ?? (f.type === 'ref' ? 1 : Number.MIN_SAFE_INTEGER);
      const max = f.max ?? Number.MAX_SAFE_INTEGER;
      let n = z.coerce
        .number({ error: T.number[lang](label) })
        .refine(Number.isFinite, T.number[lang](label));
      if (f.type !== 'num') n = n.refine(Number.isInteger, T.integer[lang](label));
      return n.refine((v) => v >= min && v <= max, T.range[lang](label, min, max));
    }
    case 'bool':
      return z
        .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], {
          error: T.oneOf[lang](label, '0, 1'),
        })
        .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0));
    case 'enum':
      return z.enum(f.options as [string, ...string[]], {
        error: T.oneOf[lang](label, optionWords(f, lang)),
      });
    case 'enums':
      return z.array(
        z.enum(f.options as [string, ...string[]], { error: T.oneOf[lang](label, optionWords(f, lang)) }),
      );
    case 'refs':
      return z
        .array(z.coerce.number().int().positive(), { error: T.format[lang](label, '[id, …]') })
        .max(f.max ?? 1000);
    case 'json':
      return f.shape ? shapeSchema(f, lang, cron) : z.unknown();
    default: {
      const max = f.max ?? (f.type === 'text' || f.type === 'html' ? 20000 : 255);
      let s = z.string({ error: required }).trim().max(max, T.tooLong[lang](label, max));
      if (f.min) s = s.min(f.min, T.range[lang](label, f.min, max));
      const format = FORMATS[f.type];
      let out: z.ZodType<string> = s;
      if (format)
        out = out.refine((v) => v === '' || format.re.test(v), T.format[lang](label, format.what[lang]));
      // The shape check above names the field; the cron check (cron-parser's) then checks each field's values.
      if (f.type === 'cron')
        out = out.refine((v) => v === '' || !format?.re.test(v) || cron(v, lang) === null, {
          error: (issue) => `${label}: ${cron(String(issue.input), lang)}`,
        });
      if (f.pattern) {
        const re = new RegExp(f.pattern.source);
        const msg = f.pattern.message[lang];
        out = out.refine((v) => v === '' || re.test(v), msg);
      }
      if (f.type === 'mac') out = out.transform((v) => v.toLowerCase().replaceAll('-', ':'));
      return out;
    }
  }
}

/**
 * A json field with a shape (JsonShape) is checked part by part with the parts' own rules, so a
 * dial pattern's match pattern is refused on the server and in the form with the same words. Keys
 * the shape does not name are kept: the shape describes what the console edits, not all a peer may
 * store beside it.
 */
function shapeSchema(f: FieldDef, lang: Lang, cron: CronCheck): z.ZodType {
  const shape = f.shape!;
  const label = f.label[lang];
  const part = (p: FieldDef, v: unknown, issues: string[]): unknown => {
    if (isEmpty(v)) {
      if (p.required) issues.push(requiredText(p, lang));
      return v;
    }
    // Numeric codes (ISO weekdays 1–7) are stored as numbers and labelled by their text.
    if (p.type === 'enum' && typeof v === 'number' && p.options?.includes(String(v))) return v;
    const r = fieldSchema(p, lang, cron).safeParse(v);
    if (r.success) return r.data;
    for (const issue of r.error.issues) issues.push(issue.message);
    return v;
  };
  const group = (fields: readonly FieldDef[], v: unknown, issues: string[]): unknown => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      issues.push(T.group[lang](label));
      return v;
    }
    const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
    for (const p of fields) if (p.name in out || p.required) out[p.name] = part(p, out[p.name], issues);
    return out;
  };
  return z.unknown().transform((given, ctx) => {
    const issues: string[] = [];
    // API callers may send the structure as JSON text, as they could before shapes were checked.
    const v = typeof given === 'string' ? parseJsonText(given) : given;
    let out: unknown = v;
    if (shape.kind === 'object') out = group(shape.fields, v, issues);
    else if (!Array.isArray(v)) issues.push(T.list[lang](label));
    else
      out = v.map((item, i) => {
        const own: string[] = [];
        const r = shape.kind === 'list' ? part(shape.of, item, own) : group(shape.fields, item, own);
        for (const m of own) issues.push(T.row[lang](label, i + 1, m));
        return r;
      });
    for (const message of issues) ctx.addIssue({ code: 'custom', message });
    return out;
  });
}

function parseJsonText(text: string): unknown {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? parsed : text;
  } catch {
    return text;
  }
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/**
 * add: required fields must be present and defaults fill the rest; edit: every field optional,
 * an empty `pwd` keeps the stored secret. Unknown fields are dropped. Issues carry the field's
 * name as their path, so replies can say which field is wrong.
 */
export function recordSchema(def: ResourceDef, mode: 'add' | 'edit', lang: Lang = 'en') {
  return recordSchemaWith(def, mode, lang, cronError);
}

/**
 * `recordSchema` with cron fields checked by `cron`: the same rules and words with the caller's
 * cron check, so a bundle that never calls `recordSchema` leaves cron-parser out.
 */
export function recordSchemaWith(def: ResourceDef, mode: 'add' | 'edit', lang: Lang, cron: CronCheck) {
  const fields = writableFields(def).map((f) => ({ f, schema: fieldSchema(f, lang, cron) }));
  return z.record(z.string(), z.unknown()).transform((body, ctx) => {
    const out: Record<string, unknown> = {};
    if (mode === 'edit') {
      const id = Number(body.id);
      if (!Number.isInteger(id) || id <= 0)
        ctx.addIssue({ code: 'custom', path: ['id'], message: 'id is required' });
      out.id = id;
    }
    for (const { f, schema } of fields) {
      const v = body[f.name];
      if (isEmpty(v)) {
        if (mode === 'add' && f.default !== undefined && v === undefined) {
          out[f.name] = f.default;
        } else if (mode === 'add' && f.required && f.type !== 'pwd') {
          ctx.addIssue({ code: 'custom', path: [f.name], message: requiredText(f, lang) });
        } else if (v !== undefined) {
          // An explicit empty value clears an optional field.
          out[f.name] = Array.isArray(v) ? [] : null;
        }
        continue;
      }
      const r = schema.safeParse(v);
      if (r.success) out[f.name] = r.data;
      else
        for (const issue of r.error.issues)
          ctx.addIssue({ code: 'custom', path: [f.name], message: issue.message });
    }
    return out;
  });
}
