import { render, screen } from '@testing-library/react';
import * as compat from 'preact/compat';
import * as React from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

describe('the runtime of the web tests', () => {
  it('answers React imports with preact/compat, as the build does', () => {
    expect(React.createElement).toBe(compat.createElement);
    expect(React.useState).toBe(compat.useState);
  });

  it('runs React Router and Testing Library on that same runtime', () => {
    const router = createMemoryRouter([{ path: '/here', element: <Where /> }], { initialEntries: ['/here'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByText('at /here')).toBeTruthy();
  });
});
