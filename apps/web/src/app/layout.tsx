import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '../components/footer.tsx';
import { Header } from '../components/header.tsx';
import { AccountSlot } from '../features/auth/components/account-slot.tsx';
import { RouteTitle } from './page-meta.ts';

/** The frame of every page: skip link, header with the account slot, main content, footer. */
export function Layout() {
  // Marks the page interactive: child effects (scroll and focus listeners) run before this one.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header account={<AccountSlot />} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <RouteTitle />
      <ScrollRestoration />
    </>
  );
}
