import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n/index.ts';
import { RootErrorBoundary } from './root.tsx';

function Broken(): never {
  throw new Error('render failed');
}

describe('root error boundary', () => {
  beforeEach(() => {
    setLanguage('en');
    // React and the router report the (expected) render error on the console.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('says what failed and offers a reload with a plain button (no antd on the start path)', async () => {
    const router = createMemoryRouter([{ path: '/', Component: Broken, ErrorBoundary: RootErrorBoundary }]);
    render(<RouterProvider router={router} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('render failed');
    const reload = screen.getByRole('button', { name: 'Reload' });
    expect(reload.className).toBe('root-error__reload');
  });
});
