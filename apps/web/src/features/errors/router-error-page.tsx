import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/** Shown when rendering a route throws; the error is reported, not swallowed. */
export function RouterErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    document.title = 'Error | Bahi';
  }, [error]);
  return (
    <main id="main" className="message-page">
      <h1>Unexpected Application Error!</h1>
      <p className="lead">Something went wrong while showing this page.</p>
      <p>
        <a className="button" href="/">
          Go to Home
        </a>
      </p>
    </main>
  );
}
