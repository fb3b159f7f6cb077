import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// One extra's code does not arrive (a dropped link, a redeploy's new chunk names).
vi.mock('./calls-per-day.tsx', () =>
  Promise.reject(new Error('Failed to fetch dynamically imported module')),
);
vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));

const { extrasOf } = await import('./registry.tsx');
const { Providers } = await import('../resource/test-support.tsx');

describe('a module extra whose code does not load', () => {
  it('leaves its place empty; the page around it stays', async () => {
    // React reports an error a boundary caught through console.error; one no boundary caught
    // unmounts the whole tree.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <div>
        <p>the call records</p>
        {extrasOf('voice:cdr')!.footer!()}
      </div>,
      { wrapper: Providers },
    );
    // Asked for once the first page has its data (none here: at once), then refused.
    await waitFor(() =>
      expect(reported.mock.calls.flat().some((a) => a instanceof Error && a.name === 'DialogLoadError')).toBe(
        true,
      ),
    );
    expect(screen.getByText('the call records')).toBeTruthy();
    reported.mockRestore();
  });
});
