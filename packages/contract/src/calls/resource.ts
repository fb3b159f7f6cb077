import { z } from 'zod';
import { TEXT_ENCODING_SOURCES, TEXT_ENCODINGS } from '../resources/formats.ts';
import { type CallDef, defineCall, paging } from './define.ts';

/**
 * The generic calls of a resource (DOMAIN section 3.2) on one of its endpoints: every record
 * module answers them alike, so one factory describes them for all, the server builds each
 * resource's actions from it (platform/resources/actions.ts) and the console's record pages call
 * them through it (features/resource/api.ts). A record's own fields are described by its
 * `ResourceDef`, which checks them on add and edit; here a record is an object with an id.
 */

/** The largest id a record may have: the `id` columns are 32-bit integers on PostgreSQL. */
export const MAX_RECORD_ID = 2_147_483_647;

const recordId = z.coerce.number().int().positive().max(MAX_RECORD_ID);

/**
 * One record as the list and detail calls answer it: its fields (secrets empty, lists decoded) with
 * its id, site and times (as the console shows them, `YYYY-MM-DD HH:mm:ss`).
 */
export const ResourceRecord = z.looseObject({
  id: z.number(),
  site_id: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ResourceRecord = z.infer<typeof ResourceRecord>;

/** A signed link of a file a record names (a cover, a poster, a sound), by upload id. */
export const FileLink = z.object({ url: z.string(), name: z.string(), mime: z.string() });
export type FileLink = z.infer<typeof FileLink>;

/** What the list and export calls filter by. */
const listFilter = {
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  keyword: z.string().trim().max(100).optional().default(''),
  filter: z.record(z.string(), z.unknown()).optional().default({}),
};

export const ListReply = z.object({
  list: z.array(ResourceRecord),
  total: z.number(),
  /**
   * Set when the rows matching are more than the server counts exactly (a fleet's whole terminal
   * table): `total` is then the database's estimate, at least that bound, and the list says "about".
   */
  estimated: z.literal(true).optional(),
  /** The links of the files the rows name, by upload id. */
  files: z.record(z.string(), FileLink).optional(),
});
export type ListReply = z.infer<typeof ListReply>;

export const RefOption = z.object({ value: z.number(), label: z.string() });
export type RefOption = z.infer<typeof RefOption>;

export const ImportReply = z.object({
  total: z.number(),
  inserted: z.number(),
  updated: z.number(),
  skipped: z.number(),
  errors: z.array(z.object({ line: z.number(), field: z.string(), msg: z.string() })),
  /**
   * Rows a format's own rules left out or changed, and why, while the rest is imported (an XMLTV
   * guide's zero-length programmes, an overlap cut): not errors, which would undo the import.
   */
  notes: z.array(z.object({ line: z.number(), field: z.string(), msg: z.string() })).optional(),
  dry_run: z.boolean(),
  /** How a text file (CSV, JSON) was read, so the preview can say it and offer another encoding. */
  encoding: z
    .object({
      name: z.enum(TEXT_ENCODINGS),
      by: z.enum(TEXT_ENCODING_SOURCES),
      /** The file was gzip-compressed. */
      gzip: z.boolean(),
    })
    .optional(),
  /** The sheet a workbook (XLSX) was read from. */
  sheet: z.string().optional(),
});
export type ImportReply = z.infer<typeof ImportReply>;

const ids = (max: number) =>
  z
    .array(recordId, { error: 'ids is required' })
    .min(1, 'ids is required')
    .max(max, `ids: at most ${max} at a time`);

/** The generic calls on `endpoint` (a resource's endpoint or its operations twin), made once per endpoint. */
export function resourceCalls(endpoint: string): ResourceCalls {
  let calls = made.get(endpoint);
  if (!calls) {
    calls = makeResourceCalls(endpoint);
    made.set(endpoint, calls);
  }
  return calls;
}

/**
 * The generic calls' bodies and replies, alike on every endpoint, so made once and shared: made per
 * endpoint (some 400 with the operations twins) they were ~20,000 zod schemas, a third of an idle
 * server's heap.
 */
const GENERIC = {
  list: {
    input: z.object({ ...paging, ...listFilter }),
    output: ListReply,
  },
  detail: {
    input: z.object({
      id: z.coerce.number({ error: 'id is required' }).int().positive('id is required').max(MAX_RECORD_ID),
    }),
    output: ResourceRecord,
  },
  /** With `field` (a reference field of this resource), the records that field may name. */
  options: {
    input: z.object({
      keyword: z.string().trim().max(100).optional().default(''),
      limit: z.coerce.number().int().min(1).max(200).optional().default(50),
      field: z.string().trim().max(64).optional(),
    }),
    output: z.array(RefOption),
  },
  /** The record's fields, checked against its `ResourceDef` by the server. */
  add: {
    input: z.looseObject({}),
    output: z.object({ id: z.number() }),
  },
  /** `id` and the fields that change. */
  edit: {
    input: z.looseObject({}),
    output: z.object({ id: z.number() }),
  },
  /** 409 with the records that still use them, deleting nothing. */
  del: {
    input: z.object({ ids: ids(500) }),
    output: z.object({ deleted: z.number() }),
  },
  state: {
    input: z.object({
      ids: ids(500),
      enabled: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform(Number),
    }),
    output: z.object({ updated: z.number() }),
  },
  /** `sort` becomes each id's position (DOMAIN 3.2). */
  sort: {
    input: z.object({ ids: ids(1000) }),
    output: z.object({}),
  },
  /** The filtered list (or `ids`) as a file, offered as a single-use link. */
  export: {
    input: z.object({
      ...listFilter,
      // csv, xlsx, json, or a format a feature registered for the resource.
      format: z.string().trim().max(16).optional().default('csv'),
      ids: z.array(recordId).max(10_000).optional(),
    }),
    output: z.object({ url: z.string(), expires_at: z.string() }),
  },
  /**
   * The picture a record's `thumbnail` field links to, fetched by the server and answered as a
   * data: URL (empty when the link gives no picture: unreachable, too large, not an image).
   */
  thumbnail: {
    input: z.object({ id: recordId, field: z.string().trim().min(1).max(64) }),
    output: z.object({ data_url: z.string() }),
  },
  /** A file (multipart `file`), all or nothing; `dry_run` previews. */
  import: {
    input: z.object({
      // csv, xlsx, json, or a format a feature registered for the resource.
      format: z.string().trim().max(16).optional().default('csv'),
      mode: z.enum(['append', 'upsert', 'replace']).optional().default('append'),
      /** Read a text file with this encoding instead of the one the server detects. */
      encoding: z
        .enum(TEXT_ENCODINGS, { error: `encoding must be one of: ${TEXT_ENCODINGS.join(', ')}` })
        .optional(),
      dry_run: z
        .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()])
        .optional()
        .default(0)
        .transform((v) => v === 1 || v === '1' || v === true),
    }),
    output: ImportReply,
  },
};

/** The generic calls on `path`, each with its path and method written out (apps/console/build/call-refs.ts). */
function makeResourceCalls(path: string) {
  return {
    list: defineCall({ path, method: 'list', input: GENERIC.list.input, output: GENERIC.list.output }),
    detail: defineCall({
      path,
      method: 'detail',
      input: GENERIC.detail.input,
      output: GENERIC.detail.output,
    }),
    options: defineCall({
      path,
      method: 'options',
      input: GENERIC.options.input,
      output: GENERIC.options.output,
    }),
    add: defineCall({ path, method: 'add', input: GENERIC.add.input, output: GENERIC.add.output }),
    edit: defineCall({ path, method: 'edit', input: GENERIC.edit.input, output: GENERIC.edit.output }),
    del: defineCall({ path, method: 'del', input: GENERIC.del.input, output: GENERIC.del.output }),
    state: defineCall({ path, method: 'state', input: GENERIC.state.input, output: GENERIC.state.output }),
    sort: defineCall({ path, method: 'sort', input: GENERIC.sort.input, output: GENERIC.sort.output }),
    export: defineCall({
      path,
      method: 'export',
      input: GENERIC.export.input,
      output: GENERIC.export.output,
    }),
    thumbnail: defineCall({
      path,
      method: 'thumbnail',
      input: GENERIC.thumbnail.input,
      output: GENERIC.thumbnail.output,
    }),
    import: defineCall({
      path,
      method: 'import',
      input: GENERIC.import.input,
      output: GENERIC.import.output,
    }),
  };
}
export type ResourceCalls = ReturnType<typeof makeResourceCalls>;
const made = new Map<string, ResourceCalls>();

/** A body whose fields a description checks (a singleton's, a verb's), shared by every such call. */
const ANY_FIELDS = z.looseObject({});
const NOTHING = z.object({});

/** The settings of a singleton (DOMAIN 3.2 `detail`/`form`) as `detail` answers them. */
export const SingletonValues = z.looseObject({
  /** Which secrets are stored (their values never leave the server). */
  secret_set: z.record(z.string(), z.boolean()).optional(),
});
export type SingletonValues = z.infer<typeof SingletonValues>;

/** The calls of a singleton on `endpoint` (its endpoint or operations twin); its fields are its description's. */
export function singletonCalls(endpoint: string) {
  let calls = madeSingletons.get(endpoint);
  if (!calls) {
    calls = {
      detail: defineCall({ path: endpoint, method: 'detail', input: ANY_FIELDS, output: SingletonValues }),
      /** Omitted fields and empty secrets stay as they are. */
      form: defineCall({ path: endpoint, method: 'form', input: ANY_FIELDS, output: NOTHING }),
    };
    madeSingletons.set(endpoint, calls);
  }
  return calls;
}
const madeSingletons = new Map<
  string,
  {
    detail: CallDef<z.ZodObject, typeof SingletonValues>;
    form: CallDef<z.ZodObject, z.ZodObject>;
  }
>();

/** What a verb answers: an object; a `url` verb's holds the link to open (DOMAIN 3.2 verbs). */
export const VerbReply = z.looseObject({});
export const UrlVerbReply = z.looseObject({ url: z.string() });

/**
 * A resource's own verb (`ack`, `reboot`, `renew` …) on `endpoint`: the ids or id its scope needs
 * and the verb's fields, checked by the server against the verb's description; the reply as the
 * console reads it (a link to open, a report to show, or what changed).
 */
export function verbCall(endpoint: string, verb: { name: string; result?: 'url' | 'report' }) {
  const key = `${endpoint} ${verb.name}`;
  let c = madeVerbs.get(key);
  if (!c) {
    c = defineCall({
      path: endpoint,
      method: verb.name,
      input: ANY_FIELDS,
      output: verb.result === 'url' ? UrlVerbReply : VerbReply,
    });
    madeVerbs.set(key, c);
  }
  return c;
}
const madeVerbs = new Map<string, CallDef<z.ZodObject, typeof VerbReply | typeof UrlVerbReply>>();
