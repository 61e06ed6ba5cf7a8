import './styles/site.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './routes.tsx';

const router = createBrowserRouter(routes);
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);
// Prerendered pages arrive with markup to hydrate; the SPA shell arrives with an empty root.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
