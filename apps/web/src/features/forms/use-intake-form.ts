import { useState } from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
  useForm,
} from 'react-hook-form';
import type { PostResult } from './api/post-form.ts';
import { fieldId } from './components/fields.tsx';
import { applyServerErrors, focusFirstError, useFailureAtTop } from './use-form-errors.ts';

export interface IntakeFormOptions<I extends FieldValues, V extends FieldValues> {
  /** Prefix of the form's element ids. */
  form: string;
  resolver: Resolver<I, unknown, V>;
  defaultValues: DefaultValues<I>;
  /** The fields in the order the form shows them: the first invalid one takes focus. */
  order: readonly Path<I>[];
  send: (values: V) => Promise<PostResult>;
  onSent: () => void;
  /** The form field a server error's wire name belongs to; by default the field of that name. */
  toFormField?: (wireField: string) => Path<I> | null;
  /** The message at the top of the form when sending failed; by default the server's. */
  describeFailure?: (message: string) => string;
}

/**
 * What every intake form does (SPEC §5, §8): validates on touch and on submit, focuses the first
 * invalid field, sends, and on failure keeps what was typed, puts the server's field messages on
 * their fields and shows the failure at the top of the form.
 */
export function useIntakeForm<I extends FieldValues, V extends FieldValues>(o: IntakeFormOptions<I, V>) {
  const [failure, setFailure] = useState<string | null>(null);
  const alertId = `${o.form}-alert`;
  useFailureAtTop(failure, alertId);
  const methods = useForm<I, unknown, V>({
    resolver: o.resolver,
    defaultValues: o.defaultValues,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const toFormField =
    o.toFormField ?? ((f: string) => (o.order.includes(f as Path<I>) ? (f as Path<I>) : null));

  const onSubmit = methods.handleSubmit(
    async (values) => {
      setFailure(null);
      const result = await o.send(values);
      if (result.ok) {
        o.onSent();
        return;
      }
      applyServerErrors(methods.setError, result.fieldErrors, toFormField);
      setFailure(o.describeFailure ? o.describeFailure(result.message) : result.message);
    },
    (errors) => focusFirstError(o.form, o.order, errors),
  );

  /** A field component's id, registration and error. */
  const field = (name: Path<I>, options?: RegisterOptions<I, Path<I>>) => ({
    id: fieldId(o.form, name),
    registration: methods.register(name, options),
    error: (methods.formState.errors as Record<string, FieldError | undefined>)[name],
  });

  return { ...methods, form: o.form, failure, alertId, onSubmit, field };
}
