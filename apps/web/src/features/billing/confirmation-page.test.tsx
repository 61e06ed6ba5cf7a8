import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileStorageKey, readProfile } from '../session/session-store.ts';
import { ConfirmationPage } from './confirmation-page.tsx';

const profile = {
  user: 'Asha Rao',
  key: 'bahi_old',
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  expiry: Math.floor(Date.now() / 1000) + 600,
  email: 'asha@example.com',
  plan: 'B',
  subscription_expiration: null,
  billing_cycle: 'NA',
  billing_status: 'active',
};

function renderAt(url: string, state?: unknown) {
  const [pathname = '', search = ''] = url.split(/(?=\?)/);
  const router = createMemoryRouter(
    [
      { path: '/confirmation', element: <ConfirmationPage /> },
      { path: '/payment-success', element: <h1>Payment Successful!</h1> },
      { path: '/payment-failed', element: <h1>Payment Failed!</h1> },
    ],
    { initialEntries: [{ pathname, search, state }] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('confirmation page', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.setItem(profileStorageKey, JSON.stringify(profile));
    fetchMock = vi.fn(async () =>
      Response.json({
        token: 'bahi_new',
        subscription_plan: 'I',
        subscription_expiration_date: '2026-07-01T10:00:00.000Z',
        billing_cycle: 'quarterly',
        subscription_status: 'active',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    localStorage.clear();
  });

  it('after success refetches the subscription into the profile and moves on after 1.5 s', async () => {
    const router = renderAt('/confirmation?status=success', { verified: 'success' });
    expect(screen.getByText("Please don't close the window or refresh it.")).toBeTruthy();
    await advance(1499);
    expect(router.state.location.pathname).toBe('/confirmation');
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/v2/api-token');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer access-1');
    expect(readProfile()).toMatchObject({
      key: 'bahi_new',
      plan: 'I',
      subscription_expiration: '2026-07-01T10:00:00.000Z',
      billing_cycle: 'quarterly',
      billing_status: 'active',
    });
    await advance(1);
    expect(router.state.location.pathname).toBe('/payment-success');
    expect(router.state.location.state).toEqual({ verified: 'success' });
  });

  for (const status of ['failure', 'contact']) {
    it(`after ${status} moves on to /payment-failed after 3 s`, async () => {
      const router = renderAt(`/confirmation?status=${status}`);
      expect(screen.getByText("Please don't close the window or refresh it.")).toBeTruthy();
      await advance(2999);
      expect(router.state.location.pathname).toBe('/confirmation');
      await advance(1);
      expect(router.state.location.pathname).toBe('/payment-failed');
    });
  }

  it('claims no success for ?status=success without the verified checkout behind it', async () => {
    const router = renderAt('/confirmation?status=success');
    expect(screen.getByRole('heading', { name: 'No payment to confirm' })).toBeTruthy();
    expect(screen.queryByText(/Payment Successful/)).toBeNull();
    await advance(5000);
    expect(router.state.location.pathname).toBe('/confirmation');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('claims no success when the verified verdict was not success', async () => {
    const router = renderAt('/confirmation?status=success', { verified: 'contact' });
    expect(screen.getByRole('heading', { name: 'No payment to confirm' })).toBeTruthy();
    await advance(5000);
    expect(router.state.location.pathname).toBe('/confirmation');
  });

  it('without a status only says it is processing, and stays', async () => {
    const router = renderAt('/confirmation');
    expect(screen.getByRole('heading', { name: 'Processing your request' })).toBeTruthy();
    expect(screen.queryByText("Please don't close the window or refresh it.")).toBeNull();
    await advance(5000);
    expect(router.state.location.pathname).toBe('/confirmation');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
