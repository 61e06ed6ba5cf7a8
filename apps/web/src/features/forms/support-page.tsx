import {
  honeypotField,
  priorityLabels,
  priorityLevels,
  type SupportFormInput,
  type SupportFormValues,
  supportCategories,
  supportCategoryLabels,
  supportFormDefaults,
  supportFormSchema,
  toSupportPayload,
} from '@bahi/contracts/forms';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { postSupportForm } from './api/post-form.ts';
import {
  FormAlert,
  fieldId,
  HoneypotField,
  SelectField,
  TextAreaField,
  TextField,
} from './components/fields.tsx';
import { applyServerErrors, focusFirstError, useFailureAtTop } from './use-form-errors.ts';
import './forms.css';

const form = 'support';
const order: Path<SupportFormInput>[] = [
  'name',
  'email',
  'category',
  'priority',
  'subject',
  'message',
  'additional_details',
];
const categoryOptions = supportCategories.map((value) => ({ value, label: supportCategoryLabels[value] }));
const priorityOptions = priorityLevels.map((value) => ({ value, label: priorityLabels[value] }));

/** Wire names of the support body mapped back to the form's fields. */
const wireToForm: Record<string, Path<SupportFormInput>> = {
  first_name: 'name',
  email: 'email',
  category: 'category',
  priority_level: 'priority',
  description: 'message',
  additional_details: 'additional_details',
};

/** /api-support: the support request form (SPEC §2, §3, §5). */
export function ApiSupportPage() {
  const navigate = useNavigate();
  const trap = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const alertId = `${form}-alert`;
  useFailureAtTop(failure, alertId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SupportFormInput, unknown, SupportFormValues>({
    resolver: zodResolver(supportFormSchema),
    defaultValues: supportFormDefaults,
    mode: 'onTouched',
    shouldFocusError: false,
  });

  const onValid = async (values: SupportFormValues) => {
    setFailure(null);
    const result = await postSupportForm(toSupportPayload(values, trap.current?.value ?? ''));
    if (result.ok) {
      navigate('/thanks');
      return;
    }
    applyServerErrors(setError, result.fieldErrors, (f) => wireToForm[f] ?? null);
    setFailure(result.message);
  };

  return (
    <section className="form-page">
      <header className="form-intro">
        <p className="eyebrow">Support</p>
        <h1>API Support</h1>
        <p className="lead">
          Questions about keys, endpoints, data or billing: tell us what happened and how urgent it is.
          Include the endpoint, symbol and the request_id of any error answer.
        </p>
      </header>
      <form
        className="intake-form"
        noValidate
        aria-labelledby={`${form}-heading`}
        onSubmit={handleSubmit(onValid, (errs) => focusFirstError(form, order, errs))}
      >
        <h2 id={`${form}-heading`} className="visually-hidden">
          Support request
        </h2>
        <FormAlert id={alertId} message={failure} />
        <div className="form-grid">
          <TextField
            id={fieldId(form, 'name')}
            label="Your name"
            autoComplete="name"
            registration={register('name')}
            error={errors.name}
          />
          <TextField
            id={fieldId(form, 'email')}
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            registration={register('email')}
            error={errors.email}
          />
          <SelectField
            id={fieldId(form, 'category')}
            label="Category"
            placeholder="Select a category"
            options={categoryOptions}
            registration={register('category')}
            error={errors.category}
          />
          <SelectField
            id={fieldId(form, 'priority')}
            label="Priority"
            placeholder="Select a priority"
            options={priorityOptions}
            registration={register('priority')}
            error={errors.priority}
          />
        </div>
        <TextField
          id={fieldId(form, 'subject')}
          label="Subject"
          registration={register('subject')}
          error={errors.subject}
        />
        <TextAreaField
          id={fieldId(form, 'message')}
          label="Message"
          rows={6}
          registration={register('message')}
          error={errors.message}
        />
        <TextAreaField
          id={fieldId(form, 'additional_details')}
          label="Additional details"
          optional
          rows={3}
          hint="Request IDs, the endpoint and parameters you called, what you expected."
          registration={register('additional_details')}
          error={errors.additional_details}
        />
        <HoneypotField name={honeypotField} inputRef={trap} />
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Submitting...' : 'Submit Request'}
        </button>
      </form>
    </section>
  );
}
