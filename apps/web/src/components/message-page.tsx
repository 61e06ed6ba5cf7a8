import type { ReactNode } from 'react';

/** A centred status message with its actions (thanks, payment results, not found). */
export function MessagePage({
  heading,
  children,
  actions,
  tone,
}: {
  heading: string;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: 'success' | 'error';
}) {
  return (
    <section className="message-page" data-tone={tone}>
      <h1>{heading}</h1>
      {children}
      {actions && <div className="actions">{actions}</div>}
    </section>
  );
}
