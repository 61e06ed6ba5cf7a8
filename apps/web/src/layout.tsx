import { Link, Outlet } from 'react-router';

export function Layout() {
  return (
    <>
      <header>
        <Link to="/">Bahi</Link>
      </header>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}
