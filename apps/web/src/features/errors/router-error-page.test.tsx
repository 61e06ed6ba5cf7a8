import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouterErrorPage } from './router-error-page.tsx';

function Broken(): never {
  throw new Error('boom');
}

describe('router error screen', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('shows the generic error text when a route throws, and reports the error', async () => {
    // The thrown error is expected on the console here; the setup fails on any other.
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const router = createMemoryRouter([
      { path: '/', element: <Broken />, errorElement: <RouterErrorPage /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(
      logged.mock.calls.some((args) => args.some((a) => a instanceof Error && a.message === 'boom')),
    ).toBe(true);
  });
});
