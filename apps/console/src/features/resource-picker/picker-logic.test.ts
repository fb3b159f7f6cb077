import { describe, expect, it } from 'vitest';
import {
  expandedFor,
  type FolderNode,
  folderIdOfKey,
  folderPath,
  formatSize,
  nameError,
  pickerButtons,
  pickerKindOf,
  ROOT_KEY,
  treeItems,
} from './picker-logic.ts';

const node = (id: number, name: string, parent_id = 0, children: FolderNode[] = []): FolderNode => ({
  id,
  name,
  parent_id,
  site_id: 0,
  children,
});
const TREE = [node(1, 'Posters', 0, [node(2, '2024', 1, [node(3, 'Spring', 2)])]), node(4, 'Audio')];

describe('picker logic', () => {
  it('maps a field kind to the kind the library filters by', () => {
    expect(pickerKindOf('image')).toBe('image');
    expect(pickerKindOf('video')).toBe('video');
    expect(pickerKindOf('apk')).toBe('apk');
    expect(pickerKindOf('firmware')).toBe('other');
    expect(pickerKindOf('text')).toBe('other');
  });

  it('finds the path of a folder and the keys that show it', () => {
    expect(folderPath(TREE, 3).map((n) => n.name)).toEqual(['Posters', '2024', 'Spring']);
    expect(folderPath(TREE, 4).map((n) => n.name)).toEqual(['Audio']);
    expect(folderPath(TREE, 99)).toEqual([]);
    expect(expandedFor(TREE, 3)).toEqual([ROOT_KEY, 'folder:1', 'folder:2', 'folder:3']);
    expect(folderIdOfKey(ROOT_KEY)).toBe(0);
    expect(folderIdOfKey('folder:12')).toBe(12);
  });

  it('builds the tree under one root', () => {
    const items = treeItems(TREE, 'All folders');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ key: ROOT_KEY, title: 'All folders' });
    expect(items[0]!.children!.map((c) => c.title)).toEqual(['Posters', 'Audio']);
    expect(items[0]!.children![0]!.children![0]!.children![0]).toEqual({ key: 'folder:3', title: 'Spring' });
    // A leaf has no children list, so the tree draws no expander for it.
    expect(items[0]!.children![1]).toEqual({ key: 'folder:4', title: 'Audio' });
  });

  it('shows each write only with its key', () => {
    expect(pickerButtons(new Set())).toEqual({ upload: false, newFolder: false, rename: false, del: false });
    expect(pickerButtons(new Set(['explorer:upload', 'explorer:del', 'shop:goods:add']))).toEqual({
      upload: true,
      newFolder: false,
      rename: false,
      del: true,
    });
    expect(pickerButtons(new Set(['explorer:creat_dir', 'explorer:rename']))).toMatchObject({
      newFolder: true,
      rename: true,
    });
  });

  it('checks names as the server does', () => {
    expect(nameError('Posters 2024', 100)).toBeNull();
    expect(nameError('  海报  ', 100)).toBeNull();
    expect(nameError('', 100)?.key).toBe('picker.nameRequired');
    expect(nameError('   ', 100)?.key).toBe('picker.nameRequired');
    expect(nameError('a/b', 100)?.key).toBe('picker.nameSlash');
    expect(nameError('a\\b', 100)?.key).toBe('picker.nameSlash');
    expect(nameError('a\tb', 100)?.key).toBe('picker.nameControl');
    expect(nameError('a\u2028b', 100)?.key).toBe('picker.nameControl');
    expect(nameError('..', 100)?.key).toBe('picker.nameDots');
    expect(nameError('x'.repeat(101), 100)).toEqual({ key: 'picker.nameTooLong', values: { n: 100 } });
    // Counted in characters, not UTF-16 units.
    expect(nameError('😀'.repeat(100), 100)).toBeNull();
  });

  it('writes sizes for people', () => {
    expect(formatSize(undefined)).toBe('');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatSize(20 * 1024 * 1024 * 1024)).toBe('20 GB');
  });
});
