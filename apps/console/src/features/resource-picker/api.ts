import { type ExplorerEntry, explorerCalls, explorerOpsCalls } from '@igs/contract/calls';
import { type ExplorerVerb, explorerPath } from '@igs/contract/menus';
import { call } from '../../request/call.ts';
import type { RequestOptions } from '../../request/index.ts';
import type { PickerKind } from './picker-logic.ts';

export type { ExplorerEntry, ExplorerList } from '@igs/contract/calls';

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
  const calls = isOperations === 1 ? explorerOpsCalls : explorerCalls;
  return {
    // Reads are quiet: the picker shows its own spinners.
    list: (q: ListQuery, scope: Sites) => call(calls.list, q, { loading: false, sites: scope }),
    tree: (scope: Sites) => call(calls.tree, {}, { loading: false, sites: scope }),
    createDir: (parentId: number, name: string) =>
      call(
        calls.createDir,
        { parent_id: parentId, name },
        { successToast: 'msg.operationSuccessful', sites },
      ),
    rename: (entry: ExplorerEntry, name: string) =>
      call(
        calls.rename,
        entry.type === 'dir' ? { type: 'dir', id: entry.id, name } : { type: 'file', id: entry.id, name },
        { successToast: 'msg.modifiedSuccessfully', sites },
      ),
    del: (entry: ExplorerEntry) =>
      call(
        calls.del,
        entry.type === 'dir' ? { type: 'dir', ids: [entry.id] } : { type: 'file', ids: [entry.id] },
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
