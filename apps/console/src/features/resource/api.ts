import { resourceCalls } from '@igs/contract/calls';
import type { FileFormatName, ResourceDef } from '@igs/contract/resources';
import { call } from '../../request/call.ts';
import type { RequestOptions } from '../../request/index.ts';
import { useUserStore } from '../../stores/user.ts';

/** One row as the list and detail calls return it (the contract's ResourceRecord). */
export type { ImportReply, ListReply, RefOption, ResourceRecord } from '@igs/contract/calls';

export interface ListQuery {
  page: number;
  limit: number;
  sort?: string;
  order?: 'asc' | 'desc';
  keyword: string;
  filter: Record<string, unknown>;
}

/** Formats of the generic `export` and `import` calls: built-in ones and a module's own (contract formats.ts). */
export type ExportFormat = FileFormatName;

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
    call(resourceCalls(endpoint).list, q, { loading: false, ...opts }),
  detail: (endpoint: string, id: number, opts: CallOptions = {}) =>
    call(resourceCalls(endpoint).detail, { id }, { loading: false, ...opts }),
  /**
   * The server caps a page of options at 200; selects search within them. With `field`, the
   * endpoint's resource answers for the records its reference field may name.
   */
  options: (endpoint: string, field: string | undefined, opts: CallOptions = {}) =>
    call(resourceCalls(endpoint).options, field ? { limit: 200, field } : { limit: 200 }, {
      loading: false,
      ...opts,
    }),
  add: (endpoint: string, values: Record<string, unknown>, opts: CallOptions = {}) =>
    call(resourceCalls(endpoint).add, values, { successToast: 'msg.submittedSuccessfully', ...opts }),
  edit: (endpoint: string, values: Record<string, unknown>, opts: CallOptions = {}) =>
    call(resourceCalls(endpoint).edit, values, { successToast: 'msg.modifiedSuccessfully', ...opts }),
  del: (endpoint: string, ids: number[], opts: CallOptions = {}) =>
    call(resourceCalls(endpoint).del, { ids }, opts),
  /** Stores a new order: `sort` becomes each id's position (DOMAIN 3.2). */
  sort: (endpoint: string, ids: number[], opts: CallOptions = {}) =>
    call(resourceCalls(endpoint).sort, { ids }, opts),
  export: (
    endpoint: string,
    body: { format: ExportFormat; filter: Record<string, unknown>; keyword: string; ids?: number[] },
    opts: CallOptions = {},
  ) => call(resourceCalls(endpoint).export, body, opts),
  import: (
    endpoint: string,
    body: { file: File; format: FileFormatName; mode: 'append' | 'upsert' | 'replace'; dryRun: boolean },
    opts: CallOptions = {},
  ) =>
    // Multipart, the file last: the server reads the fields as they stream in.
    call(
      resourceCalls(endpoint).import,
      { format: body.format, mode: body.mode, dry_run: body.dryRun ? '1' : '0' },
      { files: { file: body.file }, ...opts },
    ),
};
