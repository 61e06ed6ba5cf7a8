import { render, screen } from '@testing-library/react';
import * as React from 'react';
import { version as domVersion } from 'react-dom';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import webPackage from '../../package.json' with { type: 'json' };

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

describe('the runtime of the web tests', () => {
  it('is React 19 itself, the version the site depends on', () => {
    expect(React.version).toBe(webPackage.dependencies.react);
    expect(domVersion).toBe(webPackage.dependencies['react-dom']);
    expect(Object.keys(webPackage.dependencies).filter((name) => name.includes('preact'))).toEqual([]);
  });

  it('runs React Router and Testing Library on that same runtime', () => {
    const router = createMemoryRouter([{ path: '/here', element: <Where /> }], { initialEntries: ['/here'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByText('at /here')).toBeTruthy();
  });
});
