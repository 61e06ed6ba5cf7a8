import { useEffect } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldId } from './components/fields.tsx';

/** Focuses the first invalid field in the order the form shows them, and scrolls it into view (SPEC §5). */
export function focusFirstError<T extends FieldValues>(
  form: string,
  order: readonly Path<T>[],
  errors: FieldErrors<T>,
) {
  const first = order.find((name) => errors[name]);
  if (!first) return;
  const el = document.getElementById(fieldId(form, first));
  if (!el) return;
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: 'center' });
}

/** When sending fails: scroll the page up and move focus to the message at the top of the form (SPEC §8). */
export function useFailureAtTop(message: string | null, alertId: string) {
  useEffect(() => {
    if (!message) return;
    window.scrollTo({ top: 0 });
    document.getElementById(alertId)?.focus({ preventScroll: true });
  }, [message, alertId]);
}

/** Puts the server's field messages (wire names mapped to form names) on the form's fields. */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  problems: readonly { field: string; message: string }[],
  toFormField: (wireField: string) => Path<T> | null,
) {
  for (const p of problems) {
    const name = toFormField(p.field);
    if (name) setError(name, { type: 'server', message: p.message });
  }
}
