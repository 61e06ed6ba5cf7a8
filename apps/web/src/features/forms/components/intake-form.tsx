import type { FormEventHandler, ReactNode } from 'react';
import { FormAlert } from './fields.tsx';

/** A form page's heading block: an optional eyebrow, the title and the lead paragraph. */
export function IntakePage({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="form-page">
      <header className="form-intro">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
      </header>
      {children}
    </section>
  );
}

/** What the form frame needs of `useIntakeForm`. */
export interface IntakeFormState {
  form: string;
  alertId: string;
  failure: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  formState: { isSubmitting: boolean };
}

/**
 * The frame of an intake form: its accessible name, the failure message at the top, the fields,
 * and the submit button, disabled while sending.
 */
export function IntakeForm({
  intake,
  heading,
  submit,
  children,
}: {
  intake: IntakeFormState;
  /** The form's accessible name (a visually hidden heading). */
  heading: string;
  /** The button's label, idle and while sending. */
  submit: readonly [idle: string, busy: string];
  children: ReactNode;
}) {
  const headingId = `${intake.form}-heading`;
  const busy = intake.formState.isSubmitting;
  return (
    <form className="intake-form" noValidate aria-labelledby={headingId} onSubmit={intake.onSubmit}>
      <h2 id={headingId} className="visually-hidden">
        {heading}
      </h2>
      <FormAlert id={intake.alertId} message={intake.failure} />
      {children}
      <button type="submit" className="button" disabled={busy}>
        {busy ? submit[1] : submit[0]}
      </button>
    </form>
  );
}
