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
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { postSupportForm } from './api/post-form.ts';
import { HoneypotField, SelectField, TextAreaField, TextField } from './components/fields.tsx';
import { IntakeForm, IntakePage } from './components/intake-form.tsx';
import { useIntakeForm } from './use-intake-form.ts';
import './forms.css';

const categoryOptions = contactCategories.map((value) => ({ value, label: contactCategoryLabels[value] }));

/** /contact-us: the Enterprise inquiry form (SPEC §2, §3, §5). */
export function ContactPage() {
  const navigate = useNavigate();
  const trap = useRef<HTMLInputElement>(null);
  const intake = useIntakeForm<ContactFormInput, ContactFormValues>({
    form: 'contact',
    resolver: zodResolver(contactFormSchema),
    defaultValues: contactFormDefaults,
    order: [
      'email',
      'contact_number',
      'first_name',
      'last_name',
      'company_name',
      'company_website',
      'category',
      'description',
    ],
    send: (values) => postSupportForm(toContactPayload(values, trap.current?.value ?? '')),
    onSent: () => navigate('/thanks'),
  });
  const { field, setValue } = intake;

  return (
    <IntakePage
      eyebrow="Enterprise plan"
      title="Contact Sales"
      lead="Tell us about your project: data sets, companies, history and how many people will use the data. Our team replies within 24 hours."
    >
      <IntakeForm intake={intake} heading="Enterprise inquiry" submit={['Submit', 'Submitting...']}>
        <div className="form-grid">
          <TextField
            label="Work email"
            type="email"
            inputMode="email"
            autoComplete="email"
            {...field('email')}
          />
          <TextField
            label="Contact number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            {...field('contact_number')}
          />
          <TextField label="First name" autoComplete="given-name" {...field('first_name')} />
          <TextField label="Last name" autoComplete="family-name" {...field('last_name')} />
          <TextField label="Company name" optional autoComplete="organization" {...field('company_name')} />
          <TextField
            label="Company website"
            optional
            inputMode="url"
            autoComplete="url"
            {...field('company_website', {
              onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
                const normalized = normalizeWebsite(e.target.value);
                if (normalized && normalized !== e.target.value)
                  setValue('company_website', normalized, { shouldValidate: true });
              },
            })}
          />
        </div>
        <SelectField label="Data you need" options={categoryOptions} {...field('category')} />
        <TextAreaField label="Project details" rows={6} {...field('description')} />
        <HoneypotField name={honeypotField} inputRef={trap} />
      </IntakeForm>
    </IntakePage>
  );
}
