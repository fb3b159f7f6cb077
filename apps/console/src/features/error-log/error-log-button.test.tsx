import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import { useErrorLogStore } from '../../stores/error-log.ts';
import '../shell-i18n/texts.ts';
import { Providers } from '../resource/test-support.tsx';
import { ErrorLogButton } from './error-log-button.tsx';

describe('the error-log viewer, its table loaded on opening', () => {
  beforeEach(() => {
    setLanguage('en');
    useErrorLogStore.getState().clearErrorLog();
  });

  it('shows nothing without errors, then the logged errors in a table that Clear empties', async () => {
    const { rerender } = render(
      <Providers>
        <ErrorLogButton production />
      </Providers>,
    );
    expect(screen.queryByLabelText('Error log')).toBeNull();
    useErrorLogStore.getState().addErrorLog({
      error: 'boom went the page',
      view: '/system/log',
      info: 'at x',
      url: 'http://h/system/log',
    });
    rerender(
      <Providers>
        <ErrorLogButton production />
      </Providers>,
    );
    await userEvent.click(screen.getByLabelText('Error log'));
    // The table's code is imported on opening: generous on a busy machine.
    expect(await screen.findByText('boom went the page', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'View' })).toBeTruthy();
    expect(screen.getByText('/system/log')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(useErrorLogStore.getState().logs).toEqual([]));
  });
});
