import { resourceByName } from '@igs/contract/resources';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');

const { useUserStore } = await import('../../stores/user.ts');
const { renderValue } = await import('./columns.tsx');
const { Providers } = await import('./test-support.tsx');

const program = resourceByName('media:live')!;
const logo = program.fields.find((f) => f.name === 'logo_url')!;
const ctx = { lang: 'en' as const, t: (k: string) => k, exists: () => false };
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('a channel logo link in the list', () => {
  beforeEach(() => {
    useUserStore.setState({ isOperations: 0 });
    request.mockReset();
  });

  it('shows the picture the server fetched for the record, asked by record and field', async () => {
    request.mockResolvedValue({ data_url: PNG });
    const link = 'https://i.imgur.com/rai1.png';
    const { container } = render(
      <Providers>{renderValue(program, logo, link, ctx, { id: 7, logo_url: link })}</Providers>,
    );
    await waitFor(() => expect(container.querySelector('img')?.getAttribute('src')).toBe(PNG));
    expect(request).toHaveBeenCalledWith(
      '/admin.php/media/live',
      { method: 'thumbnail', id: 7, field: 'logo_url' },
      expect.objectContaining({ loading: false }),
    );
  });

  it('shows the link itself where it gives no picture', async () => {
    request.mockResolvedValue({ data_url: '' });
    const link = 'http://logos.example/missing.png';
    const { container } = render(
      <Providers>{renderValue(program, logo, link, ctx, { id: 8, logo_url: link })}</Providers>,
    );
    await waitFor(() => expect(request).toHaveBeenCalled());
    expect(await screen.findByText(link)).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });
});
