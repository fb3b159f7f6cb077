import { resourceByName } from '@igs/contract/resources';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// The form's code does not arrive (a dropped link, a redeploy's new chunk names).
vi.mock('./record-form.tsx', () => Promise.reject(new Error('Failed to fetch dynamically imported module')));
vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));

const { setLanguage } = await import('../../i18n/index.ts');
const { RecordFormDrawer } = await import('./lazy-record-form.tsx');
const { Providers } = await import('./test-support.tsx');

describe('the record form loaded after the list', () => {
  it('shows its title and a retry when its code does not load, not the error screen', async () => {
    setLanguage('en');
    const def = resourceByName('media:live_type')!;
    render(
      <div data-testid="page">
        <RecordFormDrawer def={def} mode="add" open onClose={() => {}} onSaved={() => {}} />
      </div>,
      { wrapper: Providers },
    );
    expect(await screen.findByText('Try again')).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toContain(def.title.en);
    // The page around it is still drawn.
    expect(screen.getByTestId('page')).toBeTruthy();
  });
});
