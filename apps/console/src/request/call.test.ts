import { licenceCalls, networkCalls } from '@igs/contract/calls';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./index.ts', () => import('../test/request-mock.ts'));
const { request } = await import('../test/request-mock.ts');
const { call } = await import('./call.ts');

/** `call` goes through the request layer: JSON with the call's method, or FormData with its files. */
describe('call', () => {
  beforeEach(() => {
    request.mockReset();
    request.mockResolvedValue({});
  });

  it('sends the input with the call’s method, and the options as given', async () => {
    await call(networkCalls.connect, { host: 'example.com' }, { loading: false });
    expect(request).toHaveBeenCalledWith(
      networkCalls.connect.path,
      { host: 'example.com', method: 'check' },
      { loading: false },
    );
  });

  it('sends files as FormData holding the method, the input and the file, through the same request', async () => {
    const file = new File(['licence text'], 'igs.lic', { type: 'text/plain' });
    await call(licenceCalls.import, { content: 'x' }, { files: { file }, loading: false });
    expect(request).toHaveBeenCalledTimes(1);
    const [path, body, opts] = request.mock.calls[0]!;
    expect(path).toBe(licenceCalls.import.path);
    expect(body).toBeInstanceOf(FormData);
    const fd = body as FormData;
    expect(fd.get('method')).toBe('import');
    expect(fd.get('content')).toBe('x');
    const sent = fd.get('file') as File;
    expect(sent).toBeInstanceOf(File);
    expect(sent.name).toBe('igs.lic');
    expect(await sent.text()).toBe('licence text');
    // `files` is the call's, not the request layer's.
    expect(opts).toEqual({ loading: false });
  });
});
