/**
 * The site runs on Preact through preact/compat: every import of React's packages, from our code
 * and from the libraries bundled with it (React Router, react-hook-form, Testing Library), is
 * answered by Preact. The build (vite.config.ts) and the web unit tests (the root vitest.config.ts)
 * both use this list, so the tests run the runtime the product ships. The source keeps importing
 * 'react' and its types from @types/react.
 */
export const reactToPreact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];

/** Libraries that import React: bundled (SSR build) or inlined (tests) so the aliases reach them. */
export const usesReact = ['react-router', 'react-hook-form', '@hookform/resolvers', '@testing-library/react'];
