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
import { useRef } from 'react';
import type { Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { postSupportForm } from './api/post-form.ts';
import { HoneypotField, SelectField, TextAreaField, TextField } from './components/fields.tsx';
import { IntakeForm, IntakePage } from './components/intake-form.tsx';
import { useIntakeForm } from './use-intake-form.ts';
import './forms.css';

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
  const intake = useIntakeForm<SupportFormInput, SupportFormValues>({
    form: 'support',
    resolver: zodResolver(supportFormSchema),
    defaultValues: supportFormDefaults,
    order: ['name', 'email', 'category', 'priority', 'subject', 'message', 'additional_details'],
    send: (values) => postSupportForm(toSupportPayload(values, trap.current?.value ?? '')),
    onSent: () => navigate('/thanks'),
    toFormField: (f) => wireToForm[f] ?? null,
  });
  const { field } = intake;

  return (
    <IntakePage
      eyebrow="Support"
      title="API Support"
      lead="Questions about keys, endpoints, data or billing: tell us what happened and how urgent it is. Include the endpoint, symbol and the request_id of any error answer."
    >
      <IntakeForm intake={intake} heading="Support request" submit={['Submit Request', 'Submitting...']}>
        <div className="form-grid">
          <TextField label="Your name" autoComplete="name" {...field('name')} />
          <TextField label="Email" type="email" inputMode="email" autoComplete="email" {...field('email')} />
          <SelectField
            label="Category"
            placeholder="Select a category"
            options={categoryOptions}
            {...field('category')}
          />
          <SelectField
            label="Priority"
            placeholder="Select a priority"
            options={priorityOptions}
            {...field('priority')}
          />
        </div>
        <TextField label="Subject" {...field('subject')} />
        <TextAreaField label="Message" rows={6} {...field('message')} />
        <TextAreaField
          label="Additional details"
          optional
          rows={3}
          hint="Request IDs, the endpoint and parameters you called, what you expected."
          {...field('additional_details')}
        />
        <HoneypotField name={honeypotField} inputRef={trap} />
      </IntakeForm>
    </IntakePage>
  );
}
