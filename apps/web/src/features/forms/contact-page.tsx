import {
  type ContactFormInput,
  type ContactFormValues,
  contactCategories,
  contactCategoryLabels,
  contactFormDefaults,
  contactFormSchema,
  honeypotField,
  normalizeWebsite,
  toContactPayload,
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

const form = 'contact';
const order: Path<ContactFormInput>[] = [
  'email',
  'contact_number',
  'first_name',
  'last_name',
  'company_name',
  'company_website',
  'category',
  'description',
];
const categoryOptions = contactCategories.map((value) => ({ value, label: contactCategoryLabels[value] }));

/** /contact-us: the Enterprise inquiry form (SPEC §2, §3, §5). */
export function ContactPage() {
  const navigate = useNavigate();
  const trap = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const alertId = `${form}-alert`;
  useFailureAtTop(failure, alertId);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: contactFormDefaults,
    mode: 'onTouched',
    shouldFocusError: false,
  });

  const website = register('company_website', {
    onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
      const normalized = normalizeWebsite(e.target.value);
      if (normalized && normalized !== e.target.value)
        setValue('company_website', normalized, { shouldValidate: true });
    },
  });

  const onValid = async (values: ContactFormValues) => {
    setFailure(null);
    const result = await postSupportForm(toContactPayload(values, trap.current?.value ?? ''));
    if (result.ok) {
      navigate('/thanks');
      return;
    }
    applyServerErrors(setError, result.fieldErrors, (f) =>
      order.includes(f as never) ? (f as Path<ContactFormInput>) : null,
    );
    setFailure(result.message);
  };

  return (
    <section className="form-page">
      <header className="form-intro">
        <p className="eyebrow">Enterprise plan</p>
        <h1>Contact Sales</h1>
        <p className="lead">
          Tell us about your project: data sets, companies, history and how many people will use the data. Our
          team replies within 24 hours.
        </p>
      </header>
      <form
        className="intake-form"
        noValidate
        aria-labelledby={`${form}-heading`}
        onSubmit={handleSubmit(onValid, (errs) => focusFirstError(form, order, errs))}
      >
        <h2 id={`${form}-heading`} className="visually-hidden">
          Enterprise inquiry
        </h2>
        <FormAlert id={alertId} message={failure} />
        <div className="form-grid">
          <TextField
            id={fieldId(form, 'email')}
            label="Work email"
            type="email"
            inputMode="email"
            autoComplete="email"
            registration={register('email')}
            error={errors.email}
          />
          <TextField
            id={fieldId(form, 'contact_number')}
            label="Contact number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            registration={register('contact_number')}
            error={errors.contact_number}
          />
          <TextField
            id={fieldId(form, 'first_name')}
            label="First name"
            autoComplete="given-name"
            registration={register('first_name')}
            error={errors.first_name}
          />
          <TextField
            id={fieldId(form, 'last_name')}
            label="Last name"
            autoComplete="family-name"
            registration={register('last_name')}
            error={errors.last_name}
          />
          <TextField
            id={fieldId(form, 'company_name')}
            label="Company name"
            optional
            autoComplete="organization"
            registration={register('company_name')}
            error={errors.company_name}
          />
          <TextField
            id={fieldId(form, 'company_website')}
            label="Company website"
            optional
            inputMode="url"
            autoComplete="url"
            registration={website}
            error={errors.company_website}
          />
        </div>
        <SelectField
          id={fieldId(form, 'category')}
          label="Data you need"
          options={categoryOptions}
          registration={register('category')}
          error={errors.category}
        />
        <TextAreaField
          id={fieldId(form, 'description')}
          label="Project details"
          rows={6}
          registration={register('description')}
          error={errors.description}
        />
        <HoneypotField name={honeypotField} inputRef={trap} />
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Submitting...' : 'Submit'}
        </button>
      </form>
    </section>
  );
}
