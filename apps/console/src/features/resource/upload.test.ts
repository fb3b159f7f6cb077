import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { upload } = await import('../../test/request-mock.ts');
const { RequestError } = await import('../../request/errors.ts');
const { uploadFile } = await import('./upload.ts');

describe('uploadFile', () => {
  beforeEach(() => upload.mockReset());

  it('goes through the request layer with its progress, cancel and the page sites; kind before the file', async () => {
    upload.mockResolvedValue({ id: 'u1', url: '/f/u1', name: 'a.png', size: 3, mime: 'image/png' });
    const onProgress = vi.fn();
    const signal = new AbortController().signal;
    const file = new File(['png'], 'a.png', { type: 'image/png' });
    const done = await uploadFile(file, 'image', onProgress, {
      signal,
      sites: '8',
      target: { path: '/operations/explorer/upload', fields: { folder_id: '4' } },
    });
    expect(done).toEqual({ id: 'u1', url: '/f/u1', name: 'a.png', size: 3, mime: 'image/png' });
    const [path, body, opts] = upload.mock.calls[0]!;
    expect(path).toBe('/operations/explorer/upload');
    expect([...(body as FormData).keys()]).toEqual(['kind', 'folder_id', 'file']);
    expect(opts).toEqual({ loading: false, onProgress, signal, sites: '8' });
  });

  it('a reply without an upload id is a failure the caller shows', async () => {
    upload.mockResolvedValue(null);
    const error = await uploadFile(new File(['x'], 'x.txt'), 'text', () => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as InstanceType<typeof RequestError>).notified).toBe(false);
  });
});
