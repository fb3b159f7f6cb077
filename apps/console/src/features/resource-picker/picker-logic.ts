import { EXPLORER_KINDS, type ExplorerFolderNode, type ExplorerKind } from '@igs/contract/calls';
import type { UploadKind } from '../resource/upload.ts';

/**
 * The pure parts of the ResourcePicker (DOMAIN 1.2): kinds, the folder tree, which buttons show,
 * and the name rules the server applies (features/explorer/names.ts), checked here first so a
 * typo is caught before the call. Tested without rendering.
 */

/** The explorer's kinds: what `list` filters by. */
export const PICKER_KINDS = EXPLORER_KINDS;
export type PickerKind = ExplorerKind;

/** A `file` field's upload kind as the picker's kind filter: firmware and text are "other". */
export function pickerKindOf(kind: UploadKind): PickerKind {
  return kind === 'firmware' || kind === 'text' ? 'other' : kind;
}

/** A folder of the explorer's tree (`res_tree`), as the contract types it. */
export type FolderNode = ExplorerFolderNode;

/** The folders from the top down to `id` (empty for the root or an unknown id). */
export function folderPath(tree: readonly FolderNode[], id: number): FolderNode[] {
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = folderPath(node.children, id);
    if (below.length) return [node, ...below];
  }
  return [];
}

export interface TreeItem {
  key: string;
  title: string;
  children?: TreeItem[];
}

export const ROOT_KEY = 'folder:0';
export const folderKey = (id: number) => `folder:${id}`;
export const folderIdOfKey = (key: string) => Number(key.replace(/^folder:/, '')) || 0;

/** antd Tree data: the root ("All folders") holding the tree. */
export function treeItems(tree: readonly FolderNode[], rootTitle: string): TreeItem[] {
  const walk = (nodes: readonly FolderNode[]): TreeItem[] =>
    nodes.map((n) => ({
      key: folderKey(n.id),
      title: n.name,
      ...(n.children.length ? { children: walk(n.children) } : {}),
    }));
  return [{ key: ROOT_KEY, title: rootTitle, children: walk(tree) }];
}

/** The keys to expand so that `id` is visible. */
export function expandedFor(tree: readonly FolderNode[], id: number): string[] {
  return [ROOT_KEY, ...folderPath(tree, id).map((n) => folderKey(n.id))];
}

export interface PickerButtons {
  upload: boolean;
  newFolder: boolean;
  rename: boolean;
  del: boolean;
}

/** The explorer writes the caller may make: each needs its key (DOMAIN 3.4, `explorer:<verb>`). */
export function pickerButtons(held: ReadonlySet<string>): PickerButtons {
  return {
    upload: held.has('explorer:upload'),
    newFolder: held.has('explorer:creat_dir'),
    rename: held.has('explorer:rename'),
    del: held.has('explorer:del'),
  };
}

export const FOLDER_NAME_MAX = 100;
export const FILE_NAME_MAX = 200;

/** The i18n key (and values) of what is wrong with a name, or null: the server's rules. */
export function nameError(
  raw: string,
  max: number,
): { key: string; values?: Record<string, unknown> } | null {
  const name = raw.trim();
  if (name === '') return { key: 'picker.nameRequired' };
  if ([...name].length > max) return { key: 'picker.nameTooLong', values: { n: max } };
  if (/[/\\]/.test(name)) return { key: 'picker.nameSlash' };
  if (/[\p{Cc}\u2028\u2029]/u.test(name)) return { key: 'picker.nameControl' };
  if (name === '.' || name === '..') return { key: 'picker.nameDots' };
  return null;
}

/** Bytes for people: 1.5 MB. */
export function formatSize(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes)) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v >= 10 ? Math.round(v) : Math.round(v * 10) / 10} ${units[i]}`;
}
