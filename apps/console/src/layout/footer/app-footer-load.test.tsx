import { Paths } from '@igs/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');
const { AppFooter, DEFAULT_HOTLINE } = await import('./app-footer.tsx');

describe('the footer on a page load', () => {
  it('asks for its info once the page has its data, and never shows the default number meanwhile', async () => {
    let answerPage!: (rows: string[]) => void;
    request.mockImplementation(async (path: string) => {
      if (path === Paths.otherInfo) return { service_call: '400-123-4567', Copyright: '© ACME', debug: 1 };
      throw new Error(`unexpected call ${path}`);
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The page's first call, in flight when the shell is drawn.
    void client.fetchQuery({
      queryKey: ['page', 'list'],
      queryFn: () =>
        new Promise<string[]>((resolve) => {
          answerPage = resolve;
        }),
    });
    render(
      <QueryClientProvider client={client}>
        <AppFooter />
      </QueryClientProvider>,
    );

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(request.mock.calls.map(([path]) => path)).not.toContain(Paths.otherInfo);
    expect(screen.queryByTestId('footer-hotline')).toBeNull();
    expect(document.body.textContent).not.toContain(DEFAULT_HOTLINE);

    answerPage(['row']);
    await waitFor(() => expect(screen.getByTestId('footer-hotline').textContent).toContain('400-123-4567'));
    expect(screen.getByTestId('footer-copyright').textContent).toBe('© ACME');
    expect(document.body.textContent).not.toContain(DEFAULT_HOTLINE);
    expect(request.mock.calls.filter(([path]) => path === Paths.otherInfo)).toHaveLength(1);
  });
});
