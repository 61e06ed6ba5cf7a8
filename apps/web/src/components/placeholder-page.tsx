import type { ReactNode } from 'react';

/** Stand-in for a page another feature will build; keeps navigation and titles working. */
export function PlaceholderPage({ heading, children }: { heading: string; children?: ReactNode }) {
  return (
    <section className="message-page">
      <h1>{heading}</h1>
      {children ?? <p className="lead">This page is being prepared.</p>}
    </section>
  );
}
