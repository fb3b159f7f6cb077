import { type ExplorerVerb, explorerPath } from '@igs/contract/menus';
import { type RequestOptions, request } from '../../request/index.ts';
import type { FolderNode, PickerKind } from './picker-logic.ts';

/** One entry of a folder: a subfolder or a file (an upload; `id` is the upload id). */
export interface ExplorerEntry {
  type: 'dir' | 'file';
  id: number | string;
  name: string;
  kind?: PickerKind;
  mime?: string;
  size?: number;
  width?: number | null;
  height?: number | null;
  url?: string;
  created_at?: string;
}

export interface ExplorerList {
  list: ExplorerEntry[];
  total: number;
  dirs: number;
  files: number;
  folder: { id: number; name: string; parent_id: number } | null;
  path: { id: number; name: string }[];
}

export interface ListQuery {
  folder_id: number;
  page: number;
  limit: number;
  keyword: string;
  kind: PickerKind | '';
  sort?: 'name' | 'created_at' | 'size';
  order?: 'asc' | 'desc';
}

/** The explorer's path in the session's mode: `/operations/explorer/…` or `/admin.php/explorer/…`. */
export function pathOf(isOperations: 0 | 1, verb: ExplorerVerb): string {
  return explorerPath(isOperations === 1 ? 'operations' : 'full', verb);
}

type Sites = RequestOptions['sites'];

/**
 * The explorer calls (DOMAIN 1.2); each path names its action, so no `method` is sent. Writes go
 * to the sites of the page the picker is opened on (features/sites), reads to those of their query.
 */
export function explorerApi(isOperations: 0 | 1, sites: Sites) {
  const p = (verb: ExplorerVerb) => pathOf(isOperations, verb);
  return {
    // Reads are quiet: the picker shows its own spinners.
    list: (q: ListQuery, scope: Sites) =>
      request<ExplorerList>(p('list'), q, { loading: false, sites: scope }),
    tree: (scope: Sites) => request<FolderNode[]>(p('res_tree'), {}, { loading: false, sites: scope }),
    createDir: (parentId: number, name: string) =>
      request<{ id: number }>(
        p('creat_dir'),
        { parent_id: parentId, name },
        { successToast: 'msg.operationSuccessful', sites },
      ),
    rename: (type: 'dir' | 'file', id: number | string, name: string) =>
      request<{ id: number | string }>(
        p('rename'),
        { type, id, name },
        { successToast: 'msg.modifiedSuccessfully', sites },
      ),
    del: (type: 'dir' | 'file', ids: (number | string)[]) =>
      request<{ deleted: number }>(
        p('del'),
        { type, ids },
        { successToast: 'msg.operationSuccessful', sites },
      ),
  };
}

/**
 * Query keys: every explorer query starts with `['explorer', mode]`, so a write refreshes them all;
 * the sites end every key (features/sites/scoped-query.ts).
 */
export const explorerKeys = {
  all: (isOperations: 0 | 1) => ['explorer', isOperations] as const,
  tree: (isOperations: 0 | 1) => ['explorer', isOperations, 'tree'] as const,
  list: (isOperations: 0 | 1, q: ListQuery) => ['explorer', isOperations, 'list', q] as const,
};
