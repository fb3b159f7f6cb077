import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');
const { Paths } = await import('@igs/contract');
const { setLanguage } = await import('../../i18n/index.ts');
const { useUserStore } = await import('../../stores/user.ts');
const { readHandover } = await import('./handover.ts');
const { HandoverPage } = await import('./handover-page.tsx');
const { getSavedLogin } = await import('../../utils/cookies.ts');

function renderAt(url: string) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/authh5" element={<HandoverPage />} />
          <Route path="/setlogindata" element={<HandoverPage />} />
          <Route path="/login" element={<p>login page</p>} />
          <Route path="/dashboard" element={<p>dashboard</p>} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

describe('/authh5 and /setlogindata hand-over', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    sessionStorage.clear();
    useUserStore.getState().resetToken();
  });
  afterEach(cleanup);

  it('reads ?token= as a hand-off code, not as a session', () => {
    expect(readHandover(new URLSearchParams('token=abc&redirect=/dashboard'))).toEqual({
      type: 'handoff',
      code: 'abc',
      next: '/dashboard',
    });
  });

  it('exchanges the code once (even under strict mode) and adopts the NEW token', async () => {
    request.mockResolvedValue({ token: 'NEW', weak_psw: 0 });
    renderAt('/authh5?token=code-1&redirect=/dashboard');
    expect(await screen.findByText('dashboard')).toBeTruthy();
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith(Paths.handoffExchange, { code: 'code-1' }, undefined);
    expect(useUserStore.getState().token).toBe('NEW');
  });

  it('a refused code leaves no session and offers the sign-in page', async () => {
    request.mockRejectedValue(new Error('This sign-in link is invalid, used or expired; please sign in'));
    renderAt('/authh5?token=used');
    expect(await screen.findByText('This sign-in link is invalid, used or expired')).toBeTruthy();
    expect(useUserStore.getState().token).toBe('');
  });

  it('/setlogindata pre-fills this tab only', async () => {
    const hash = 'c'.repeat(64);
    renderAt(`/setlogindata?username=admin&password=${hash}`);
    await waitFor(() => expect(screen.getByText('login page')).toBeTruthy());
    expect(getSavedLogin()).toEqual({ username: 'admin', password: hash });
    expect(document.cookie).not.toContain(hash);
  });
});
