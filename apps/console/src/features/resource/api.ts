import type { FileFormatName, ResourceDef } from '@igs/contract/resources';
import { type RequestOptions, request } from '../../request/index.ts';
import { useUserStore } from '../../stores/user.ts';

/** One row as the list and detail calls return it. */
export type ResourceRecord = Record<string, unknown> & { id: number; created_at?: string };

export interface ListQuery {
  page: number;
  limit: number;
  sort?: string;
  order?: 'asc' | 'desc';
  keyword: string;
  filter: Record<string, unknown>;
}

export interface ListReply {
  list: ResourceRecord[];
  total: number;
  /** Signed links of the files the rows name (covers, posters, images), by upload id. */
  files?: Record<string, { url: string; name: string; mime: string }>;
}

/** Formats of the generic `export` and `import` calls: built-in ones and a module's own (contract formats.ts). */
export type ExportFormat = FileFormatName;

export interface RefOption {
  value: number;
  label: string;
}

export interface ImportReply {
  total: number;
  inserted: number;
  updated: number;
  skipped: number;
  errors: { line: number; field: string; msg: string }[];
}

/** The endpoint a description is served on in the current mode (DOMAIN 2.10: operations twins). */
export function endpointOf(def: ResourceDef, isOperations: 0 | 1): string {
  return isOperations === 1 && def.opsEndpoint ? def.opsEndpoint : def.endpoint;
}

export function useEndpoint(def: ResourceDef): string {
  const isOperations = useUserStore((s) => s.isOperations);
  return endpointOf(def, isOperations);
}

/** Query keys: everything of one resource starts with `['resource', name]`, so a write can refresh it all. */
export const resourceKeys = {
  all: (name: string) => ['resource', name] as const,
  list: (name: string, endpoint: string, q: ListQuery) => ['resource', name, 'list', endpoint, q] as const,
  detail: (name: string, endpoint: string, id: number) => ['resource', name, 'detail', endpoint, id] as const,
  /** `field`: the options are asked of the owner's endpoint for its reference field (use-ref-options.ts). */
  options: (name: string, endpoint: string, field = '') =>
    ['resource', name, 'options', endpoint, field] as const,
};

/**
 * What a caller passes through to the request layer: the sites of the page that makes the call
 * (features/sites: `useSiteIds`, or the `sites` a scoped query is handed), and whether a refusal is
 * the caller's to show (`silent`: a drawer's related records it may not read).
 */
export type CallOptions = Pick<RequestOptions, 'sites' | 'silent'>;

// Lists and selects fetch quietly: the table and the select show their own spinners, the global
// overlay is for writes.
export const api = {
  list: (endpoint: string, q: ListQuery, opts: CallOptions = {}) =>
    request<ListReply>(endpoint, { method: 'list', ...q }, { loading: false, ...opts }),
  detail: (endpoint: string, id: number, opts: CallOptions = {}) =>
    request<ResourceRecord>(endpoint, { method: 'detail', id }, { loading: false, ...opts }),
  /**
   * The server caps a page of options at 200; selects search within them. With `field`, the
   * endpoint's resource answers for the records its reference field may name.
   */
  options: (endpoint: string, field: string | undefined, opts: CallOptions = {}) =>
    request<RefOption[]>(
      endpoint,
      field ? { method: 'options', limit: 200, field } : { method: 'options', limit: 200 },
      { loading: false, ...opts },
    ),
  add: (endpoint: string, values: Record<string, unknown>, opts: CallOptions = {}) =>
    request<{ id: number }>(
      endpoint,
      { ...values, method: 'add' },
      { successToast: 'msg.submittedSuccessfully', ...opts },
    ),
  edit: (endpoint: string, values: Record<string, unknown>, opts: CallOptions = {}) =>
    request<{ id: number }>(
      endpoint,
      { ...values, method: 'edit' },
      { successToast: 'msg.modifiedSuccessfully', ...opts },
    ),
  del: (endpoint: string, ids: number[], opts: CallOptions = {}) =>
    request<{ deleted: number }>(endpoint, { method: 'del', ids }, opts),
  /** Stores a new order: `sort` becomes each id's position (DOMAIN 3.2). */
  sort: (endpoint: string, ids: number[], opts: CallOptions = {}) =>
    request<Record<string, never>>(endpoint, { method: 'sort', ids }, opts),
  export: (
    endpoint: string,
    body: { format: ExportFormat; filter: Record<string, unknown>; keyword: string; ids?: number[] },
    opts: CallOptions = {},
  ) => request<{ url: string }>(endpoint, { method: 'export', ...body }, opts),
  import: (
    endpoint: string,
    body: { file: File; format: FileFormatName; mode: 'append' | 'upsert' | 'replace'; dryRun: boolean },
    opts: CallOptions = {},
  ) => {
    const fd = new FormData();
    fd.append('method', 'import');
    fd.append('format', body.format);
    fd.append('mode', body.mode);
    fd.append('dry_run', body.dryRun ? '1' : '0');
    // The file last: the server reads the fields as they stream in.
    fd.append('file', body.file, body.file.name);
    return request<ImportReply>(endpoint, fd, opts);
  },
};
