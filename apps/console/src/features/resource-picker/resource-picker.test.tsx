import type { FieldDef } from '@igs/contract/resources';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');

const { setLanguage } = await import('../../i18n/index.ts');
const { useUserStore } = await import('../../stores/user.ts');
const { usePermissionStore } = await import('../../stores/permission.ts');
const { default: ResourcePicker } = await import('./resource-picker.tsx');
const { FileUpload } = await import('../resource/file-upload.tsx');
const { useUploadedFiles } = await import('../resource/uploaded-files.ts');
const { Providers } = await import('../resource/test-support.tsx');

const TREE = [{ id: 1, name: 'Posters', parent_id: 0, site_id: 0, children: [] }];
const ROOT = [
  { type: 'dir', id: 1, name: 'Posters', site_id: 0 },
  {
    type: 'file',
    id: '11111111-1111-4111-8111-111111111111',
    name: 'lobby.png',
    kind: 'image',
    mime: 'image/png',
    size: 2048,
    width: 320,
    height: 240,
    url: '/admin.php/common/file/11111111-1111-4111-8111-111111111111?sig=x',
  },
];
const IN_POSTERS = [
  {
    type: 'file',
    id: '22222222-2222-4222-8222-222222222222',
    name: 'spring.png',
    kind: 'image',
    mime: 'image/png',
    size: 4096,
    url: '/admin.php/common/file/22222222-2222-4222-8222-222222222222?sig=y',
  },
];

/** A fake explorer: the tree, and each folder's entries. */
function serve() {
  request.mockImplementation(async (path: string, body: { folder_id?: number }) => {
    if (path.endsWith('/res_tree')) return TREE;
    if (path.endsWith('/list')) {
      const list = body.folder_id === 1 ? IN_POSTERS : ROOT;
      return {
        list,
        total: list.length,
        dirs: list.filter((e) => e.type === 'dir').length,
        files: list.filter((e) => e.type === 'file').length,
        folder: body.folder_id === 1 ? { id: 1, name: 'Posters', parent_id: 0 } : null,
        path: body.folder_id === 1 ? [{ id: 1, name: 'Posters' }] : [],
      };
    }
    if (path.endsWith('/creat_dir')) return { id: 9 };
    return {};
  });
}

const calls = (verb: string) => request.mock.calls.filter(([p]) => String(p).endsWith(`/explorer/${verb}`));
const lastList = () => calls('list').at(-1)?.[1] as Record<string, unknown>;

function renderPicker(props: { kind?: 'image' | 'video' } = {}) {
  const onPick = vi.fn();
  const onClose = vi.fn();
  render(<ResourcePicker open kind={props.kind} onPick={onPick} onClose={onClose} />, { wrapper: Providers });
  return { onPick, onClose };
}

describe('ResourcePicker', () => {
  beforeEach(() => {
    setLanguage('en');
    useUserStore.setState({ isOperations: 0 });
    usePermissionStore.setState({ buttons: new Set() });
    request.mockReset();
    serve();
  });
  afterEach(cleanup);

  it('lists the root in the field kind only, and shows no write without its key', async () => {
    renderPicker({ kind: 'image' });
    await screen.findByText('lobby.png');
    expect(calls('list')[0]![0]).toBe('/admin.php/explorer/list');
    expect(lastList()).toMatchObject({ folder_id: 0, page: 1, kind: 'image', keyword: '' });
    expect(calls('res_tree')).toHaveLength(1);
    // The kind is fixed: a tag, not a choice.
    expect(screen.getByText('Images')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Kind' })).toBeNull();
    expect(screen.queryByRole('button', { name: /New folder/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Upload here/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    // A thumbnail for the image.
    expect(screen.getByRole('img', { name: 'lobby.png' }).getAttribute('src')).toContain('/common/file/');
  });

  it('offers every kind when opened without one', async () => {
    renderPicker();
    await screen.findByText('lobby.png');
    expect(lastList().kind).toBe('');
    expect(screen.getByRole('combobox', { name: 'Kind' })).toBeTruthy();
  });

  it('opens a folder from the grid, and goes back through the breadcrumb', async () => {
    renderPicker({ kind: 'image' });
    fireEvent.click(await screen.findByRole('button', { name: 'Open folder Posters' }));
    await screen.findByText('spring.png');
    expect(lastList()).toMatchObject({ folder_id: 1, page: 1 });
    const crumbs = document.querySelector('.resource-picker-path')!;
    fireEvent.click(within(crumbs as HTMLElement).getByText('All folders'));
    await screen.findByText('lobby.png');
    expect(lastList()).toMatchObject({ folder_id: 0 });
  });

  it('searches the folder by name', async () => {
    renderPicker({ kind: 'image' });
    await screen.findByText('lobby.png');
    const box = screen.getByRole('searchbox', { name: 'Search by name' });
    fireEvent.change(box, { target: { value: ' lob ' } });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastList()).toMatchObject({ keyword: 'lob', page: 1 }));
  });

  it('picks a selected file with the button, or at once with a double click', async () => {
    const { onPick } = renderPicker({ kind: 'image' });
    const use = () => screen.getByRole('button', { name: 'Use this file' }) as HTMLButtonElement;
    await screen.findByText('lobby.png');
    expect(use().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'lobby.png' }));
    expect(screen.getByText('Selected: lobby.png')).toBeTruthy();
    fireEvent.click(use());
    expect(onPick).toHaveBeenCalledWith(
      expect.objectContaining({ id: ROOT[1]!.id, name: 'lobby.png', mime: 'image/png', url: ROOT[1]!.url }),
    );
    // Remembered, so the form's preview shows the image.
    expect(useUploadedFiles.getState().byId[String(ROOT[1]!.id)]?.url).toBe(ROOT[1]!.url);
    fireEvent.doubleClick(screen.getByRole('button', { name: 'lobby.png' }));
    expect(onPick).toHaveBeenCalledTimes(2);
    // A folder is opened, never picked.
    fireEvent.doubleClick(screen.getByRole('button', { name: 'Open folder Posters' }));
    expect(onPick).toHaveBeenCalledTimes(2);
  });

  it('with its key, makes a folder in the current folder, refusing a bad name before calling', async () => {
    usePermissionStore.setState({ buttons: new Set(['explorer:creat_dir']) });
    renderPicker({ kind: 'image' });
    await screen.findByText('lobby.png');
    expect(screen.queryByRole('button', { name: /Upload here/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /New folder/ }));
    const input = await screen.findByRole('textbox', { name: 'Name' });
    fireEvent.change(input, { target: { value: 'a/b' } });
    expect((await screen.findByRole('alert')).textContent).toBe('The name may not contain / or \\');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(calls('creat_dir')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '  Logos ' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls('creat_dir')).toHaveLength(1));
    expect(calls('creat_dir')[0]!.slice(0, 2)).toEqual([
      '/admin.php/explorer/creat_dir',
      { parent_id: 0, name: 'Logos' },
    ]);
    // The tree and the list are fetched again.
    await waitFor(() => expect(calls('res_tree').length).toBeGreaterThan(1));
  });

  it('with their keys, renames and deletes an entry', async () => {
    usePermissionStore.setState({ buttons: new Set(['explorer:rename', 'explorer:del']) });
    renderPicker({ kind: 'image' });
    await screen.findByText('lobby.png');
    const card = screen.getByRole('button', { name: 'lobby.png' }).closest('li')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Rename' }));
    const input = await screen.findByRole('textbox', { name: 'Name' });
    expect((input as HTMLInputElement).value).toBe('lobby.png');
    fireEvent.change(input, { target: { value: 'Lobby at night.png' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls('rename')).toHaveLength(1));
    expect(calls('rename')[0]![1]).toEqual({ type: 'file', id: ROOT[1]!.id, name: 'Lobby at night.png' });

    const folder = screen.getByRole('button', { name: 'Open folder Posters' }).closest('li')!;
    fireEvent.click(within(folder).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/Only an empty folder can be deleted/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'OK' }).at(-1)!);
    await waitFor(() => expect(calls('del')).toHaveLength(1));
    expect(calls('del')[0]![1]).toEqual({ type: 'dir', ids: [1] });
  });

  it('calls the operations twin in operations mode', async () => {
    useUserStore.setState({ isOperations: 1 });
    renderPicker({ kind: 'image' });
    await screen.findByText('lobby.png');
    expect(calls('list')[0]![0]).toBe('/operations/explorer/list');
    expect(calls('res_tree')[0]![0]).toBe('/operations/explorer/res_tree');
  });

  it('speaks Chinese', async () => {
    setLanguage('zh_CN');
    renderPicker({ kind: 'image' });
    await screen.findByText('lobby.png');
    expect(screen.getByText('资源库')).toBeTruthy();
    expect(screen.getByRole('button', { name: '使用此文件' })).toBeTruthy();
    expect(screen.getByText('图片')).toBeTruthy();
  });
});

describe('a file field', () => {
  beforeEach(() => {
    setLanguage('en');
    useUserStore.setState({ isOperations: 0 });
    usePermissionStore.setState({ buttons: new Set() });
    request.mockReset();
    serve();
  });
  afterEach(cleanup);

  it('chooses a file from the library beside uploading one, and stores its upload id', async () => {
    const field: FieldDef = { name: 'poster', type: 'file', label: { en: 'Poster', zh_CN: '海报' } };
    const onChange = vi.fn();
    render(<FileUpload field={field} value={null} onChange={onChange} />, { wrapper: Providers });
    expect(screen.getByRole('button', { name: /Upload/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Choose from library/ }));
    fireEvent.doubleClick(await screen.findByRole('button', { name: 'lobby.png' }));
    expect(onChange).toHaveBeenCalledWith(ROOT[1]!.id);
    // A poster is an image: the library shows images only.
    expect(lastList().kind).toBe('image');
  });
});
